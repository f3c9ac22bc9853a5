/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Kernel-argument metadata: names, type names and qualifiers from the
 * front end's parse of the SPIR-V, kernarg offsets and sizes from the
 * explicit (OpenCL C) layout NIR gave the argument variables, and the
 * element type a launcher needs to parse and print values.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_compiler_internal.h"

static const struct {
   const char *name;
   enum kiln_base_type type;
} base_types[] = {
   { "char", KILN_TYPE_CHAR },     { "uchar", KILN_TYPE_UCHAR },
   { "short", KILN_TYPE_SHORT },   { "ushort", KILN_TYPE_USHORT },
   { "int", KILN_TYPE_INT },       { "uint", KILN_TYPE_UINT },
   { "long", KILN_TYPE_LONG },     { "ulong", KILN_TYPE_ULONG },
   { "half", KILN_TYPE_HALF },     { "float", KILN_TYPE_FLOAT },
   { "double", KILN_TYPE_DOUBLE }, { "bool", KILN_TYPE_BOOL },
   { "size_t", KILN_TYPE_ULONG },  { "ptrdiff_t", KILN_TYPE_LONG },
   { "intptr_t", KILN_TYPE_LONG }, { "uintptr_t", KILN_TYPE_ULONG },
   { "unsigned char", KILN_TYPE_UCHAR }, { "unsigned short", KILN_TYPE_USHORT },
   { "unsigned int", KILN_TYPE_UINT },   { "unsigned long", KILN_TYPE_ULONG },
};

/* "float4*" -> FLOAT, 4; "uint" -> UINT, 1; "struct s" -> OTHER, 1. */
static void
parse_type_name(const char *type_name, enum kiln_base_type *type, unsigned *vector_size)
{
   char buf[128];
   size_t len = strcspn(type_name, "*");
   if (len >= sizeof(buf))
      len = sizeof(buf) - 1;
   memcpy(buf, type_name, len);
   buf[len] = '\0';
   while (len && isspace((unsigned char)buf[len - 1]))
      buf[--len] = '\0';

   size_t digits = len;
   while (digits && isdigit((unsigned char)buf[digits - 1]))
      digits--;
   *vector_size = digits < len ? atoi(buf + digits) : 1;
   buf[digits] = '\0';

   *type = KILN_TYPE_OTHER;
   for (unsigned i = 0; i < sizeof(base_types) / sizeof(base_types[0]); i++) {
      if (!strcmp(buf, base_types[i].name)) {
         *type = base_types[i].type;
         return;
      }
   }
   *vector_size = 1;
}

static enum kiln_arg_kind
arg_kind(const struct clc_kernel_arg *arg)
{
   if (strstr(arg->type_name, "image") && strstr(arg->type_name, "_t"))
      return KILN_ARG_IMAGE;
   if (!strcmp(arg->type_name, "sampler_t"))
      return KILN_ARG_SAMPLER;
   if (!strchr(arg->type_name, '*'))
      return KILN_ARG_VALUE;
   switch (arg->address_qualifier) {
   case CLC_KERNEL_ARG_ADDRESS_LOCAL:
      return KILN_ARG_LOCAL_PTR;
   case CLC_KERNEL_ARG_ADDRESS_CONSTANT:
      return KILN_ARG_CONSTANT_PTR;
   case CLC_KERNEL_ARG_ADDRESS_GLOBAL:
      return KILN_ARG_GLOBAL_PTR;
   default:
      return KILN_ARG_VALUE;
   }
}

enum kiln_compile_status
kiln_kernel_args_fill(struct kiln_kernel *k, const struct clc_kernel_info *info,
                      nir_shader *nir, struct kiln_log *log)
{
   k->num_args = info->num_args;
   k->args = calloc(info->num_args ? info->num_args : 1, sizeof(*k->args));
   if (!k->args)
      return KILN_COMPILE_ERROR_NO_MEMORY;

   for (unsigned i = 0; i < info->num_args; i++) {
      const struct clc_kernel_arg *src = &info->args[i];
      struct kiln_kernel_arg *arg = &k->args[i];

      arg->name = strdup(src->name ? src->name : "");
      arg->type_name = strdup(src->type_name ? src->type_name : "");
      arg->kind = arg_kind(src);
      arg->is_const = src->type_qualifier & CLC_KERNEL_ARG_TYPE_CONST;
      arg->is_volatile = src->type_qualifier & CLC_KERNEL_ARG_TYPE_VOLATILE;
      arg->is_restrict = src->type_qualifier & CLC_KERNEL_ARG_TYPE_RESTRICT;
      parse_type_name(arg->type_name, &arg->base_type, &arg->vector_size);

      if (arg->kind == KILN_ARG_IMAGE || arg->kind == KILN_ARG_SAMPLER) {
         kiln_log_append(log, "error: kernel %s: argument %u '%s' is an %s; images and "
                              "samplers are not supported yet\n",
                         k->name, i, arg->name,
                         arg->kind == KILN_ARG_IMAGE ? "image" : "sampler");
         return KILN_COMPILE_ERROR_UNSUPPORTED;
      }
   }

   /* vtn gives each argument a uniform variable whose location is the
    * argument's index; explicit-type lowering placed it at driver_location. */
   k->kernarg_size = 0;
   nir_foreach_variable_with_modes(var, nir, nir_var_uniform) {
      if (var->data.location < 0 || (unsigned)var->data.location >= k->num_args)
         continue;
      struct kiln_kernel_arg *arg = &k->args[var->data.location];
      arg->offset = var->data.driver_location;
      arg->size = glsl_get_cl_size(var->type);
      k->kernarg_size = MAX2(k->kernarg_size, arg->offset + arg->size);
   }
   return KILN_COMPILE_OK;
}
