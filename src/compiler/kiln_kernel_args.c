/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Kernel-argument metadata: names, type names and qualifiers from the
 * front end's parse of the SPIR-V, kernarg offsets and sizes from the
 * explicit (OpenCL C) layout NIR gave the argument variables, and the
 * element type a launcher needs to parse and print values.  The element
 * type comes from the kernel's SPIR-V parameter types, so a typedef'd
 * scalar, vector or pointer is known by what it is; the type name as
 * written only says whether an integer is signed, which SPIR-V's
 * integers do not, and for a typedef'd integer that stays unknown.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "util/bitscan.h"
#include "util/u_math.h"

#include "kiln_compiler_internal.h"
#include "kiln_spirv_module.h"
#include "kiln_nir_passes.h"

static const struct {
   const char *name;
   enum kiln_base_type type;
} base_types[] = {
   { "char", KILN_TYPE_CHAR },
   { "uchar", KILN_TYPE_UCHAR },
   { "short", KILN_TYPE_SHORT },
   { "ushort", KILN_TYPE_USHORT },
   { "int", KILN_TYPE_INT },
   { "uint", KILN_TYPE_UINT },
   { "long", KILN_TYPE_LONG },
   { "ulong", KILN_TYPE_ULONG },
   { "half", KILN_TYPE_HALF },
   { "float", KILN_TYPE_FLOAT },
   { "double", KILN_TYPE_DOUBLE },
   { "bool", KILN_TYPE_BOOL },
   { "size_t", KILN_TYPE_ULONG },
   { "ptrdiff_t", KILN_TYPE_LONG },
   { "intptr_t", KILN_TYPE_LONG },
   { "uintptr_t", KILN_TYPE_ULONG },
   { "unsigned char", KILN_TYPE_UCHAR },
   { "unsigned short", KILN_TYPE_USHORT },
   { "unsigned int", KILN_TYPE_UINT },
   { "unsigned long", KILN_TYPE_ULONG },
};

/* "float4*" -> FLOAT, 4; "uint" -> UINT, 1; "struct s" or a typedef name
 * -> OTHER, 1. */
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
   unsigned n = digits < len ? atoi(buf + digits) : 1;
   buf[digits] = '\0';

   *type = KILN_TYPE_OTHER;
   *vector_size = 1;
   if (n != 1 && n != 2 && n != 3 && n != 4 && n != 8 && n != 16)
      return;
   for (unsigned i = 0; i < sizeof(base_types) / sizeof(base_types[0]); i++) {
      if (!strcmp(buf, base_types[i].name)) {
         *type = base_types[i].type;
         *vector_size = n;
         return;
      }
   }
}

/* The SPIR-V module by id, and the parameter types of one kernel. */
struct spirv_params {
   struct kiln_spirv_module m;
   uint32_t *param_types;
   unsigned num_params, max_params;
};

/* The OpType* instruction of id, or NULL. */
static const uint32_t *
spirv_type(const struct spirv_params *p, uint32_t id)
{
   const SpvOp op = kiln_spirv_def_op(&p->m, id);
   return op >= SpvOpTypeVoid && op <= SpvOpTypePipe ? kiln_spirv_def(&p->m, id) : NULL;
}

/* Finds kernel's parameter types; false when the module does not have
 * them as expected (the caller keeps what the type names say). */
static bool
spirv_params_find(struct spirv_params *p, const struct clc_binary *spirv, const char *kernel)
{
   p->param_types = calloc(p->max_params ? p->max_params : 1, sizeof(*p->param_types));
   if (kiln_spirv_module_init(&p->m, spirv) != KILN_COMPILE_OK || !p->param_types)
      return false;

   uint32_t fn = 0;
   bool in_kernel = false;
   kiln_spirv_foreach_instruction (inst, spirv) {
      const SpvOp op = kiln_spirv_op(inst);
      const unsigned len = kiln_spirv_len(inst);
      if (op == SpvOpEntryPoint && len >= 4 && inst[1] == SpvExecutionModelKernel &&
          strnlen((const char *)&inst[3], (len - 3) * 4) < (len - 3) * 4 &&
          !strcmp((const char *)&inst[3], kernel)) {
         fn = inst[2];
      } else if (op == SpvOpFunction && len >= 3) {
         if (in_kernel)
            return true;
         in_kernel = fn && inst[2] == fn;
      } else if (op == SpvOpFunctionParameter && len >= 3 && in_kernel) {
         if (p->num_params == p->max_params)
            return false;
         p->param_types[p->num_params++] = inst[1];
      } else if (in_kernel && op != SpvOpLine && op != SpvOpNoLine) {
         return true; /* past the parameters */
      }
   }
   return in_kernel;
}

/* The argument's kind and element type from its SPIR-V type: a pointer's
 * pointee, a value's own type; integers unsigned and marked as of unknown
 * sign.  False for a type that is none of these. */
static bool
arg_from_spirv(const struct spirv_params *p, uint32_t type_id, struct kiln_kernel_arg *arg)
{
   const uint32_t *t = spirv_type(p, type_id);
   if (!t)
      return false;
   switch (kiln_spirv_op(t)) {
   case SpvOpTypeImage:
      arg->kind = KILN_ARG_IMAGE;
      return true;
   case SpvOpTypeSampler:
      arg->kind = KILN_ARG_SAMPLER;
      return true;
   case SpvOpTypePointer:
      switch (t[2]) {
      case SpvStorageClassCrossWorkgroup:
         arg->kind = KILN_ARG_GLOBAL_PTR;
         break;
      case SpvStorageClassUniformConstant:
         arg->kind = KILN_ARG_CONSTANT_PTR;
         break;
      case SpvStorageClassWorkgroup:
         arg->kind = KILN_ARG_LOCAL_PTR;
         break;
      default:
         return false;
      }
      t = spirv_type(p, t[3]);
      break;
   default:
      arg->kind = KILN_ARG_VALUE;
      break;
   }

   arg->base_type = KILN_TYPE_OTHER;
   arg->vector_size = 1;
   arg->sign_unknown = false;
   if (t && kiln_spirv_op(t) == SpvOpTypeVector) {
      arg->vector_size = t[3];
      t = spirv_type(p, t[2]);
   }
   const SpvOp op = t ? kiln_spirv_op(t) : SpvOpNop;
   if (op == SpvOpTypeInt) {
      static const enum kiln_base_type ints[] = {
         KILN_TYPE_UCHAR,
         KILN_TYPE_USHORT,
         KILN_TYPE_UINT,
         KILN_TYPE_ULONG,
      };
      if (t[2] >= 8 && t[2] <= 64 && util_is_power_of_two_nonzero(t[2])) {
         arg->base_type = ints[util_logbase2(t[2] / 8)];
         arg->sign_unknown = true;
      }
   } else if (op == SpvOpTypeFloat) {
      arg->base_type = t[2] == 16   ? KILN_TYPE_HALF
                       : t[2] == 32 ? KILN_TYPE_FLOAT
                       : t[2] == 64 ? KILN_TYPE_DOUBLE
                                    : KILN_TYPE_OTHER;
   }
   if (arg->base_type == KILN_TYPE_OTHER)
      arg->vector_size = 1;
   return true;
}

/* The signed or unsigned integer of the same width. */
static enum kiln_base_type
int_with_sign(enum kiln_base_type base, bool is_signed)
{
   switch (base) {
   case KILN_TYPE_CHAR:
   case KILN_TYPE_UCHAR:
      return is_signed ? KILN_TYPE_CHAR : KILN_TYPE_UCHAR;
   case KILN_TYPE_SHORT:
   case KILN_TYPE_USHORT:
      return is_signed ? KILN_TYPE_SHORT : KILN_TYPE_USHORT;
   case KILN_TYPE_INT:
   case KILN_TYPE_UINT:
      return is_signed ? KILN_TYPE_INT : KILN_TYPE_UINT;
   case KILN_TYPE_LONG:
   case KILN_TYPE_ULONG:
      return is_signed ? KILN_TYPE_LONG : KILN_TYPE_ULONG;
   default:
      return base;
   }
}

/* The element type from SPIR-V, with the sign of an integer from the type
 * name when the name is OpenCL C's own for that type. */
static void
resolve_arg_type(const struct spirv_params *p, unsigned index, struct kiln_kernel_arg *arg)
{
   enum kiln_base_type named;
   unsigned named_n;
   parse_type_name(arg->type_name, &named, &named_n);

   struct kiln_kernel_arg from_spirv = *arg;
   if (index >= p->num_params || !arg_from_spirv(p, p->param_types[index], &from_spirv))
      return; /* the name's reading stands */

   arg->kind = from_spirv.kind;
   arg->base_type = from_spirv.base_type;
   arg->vector_size = from_spirv.vector_size;
   arg->sign_unknown = from_spirv.sign_unknown;
   if (arg->sign_unknown && named_n == arg->vector_size &&
       int_with_sign(named, false) == arg->base_type) {
      arg->base_type = named;
      arg->sign_unknown = false;
   }
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

static enum kiln_image_type
image_type(const struct glsl_type *type)
{
   const bool array = glsl_sampler_type_is_array(type);
   switch (glsl_get_sampler_dim(type)) {
   case GLSL_SAMPLER_DIM_1D:
      return array ? KILN_IMAGE_1D_ARRAY : KILN_IMAGE_1D;
   case GLSL_SAMPLER_DIM_BUF:
      return KILN_IMAGE_1D_BUFFER;
   case GLSL_SAMPLER_DIM_2D:
      return array ? KILN_IMAGE_2D_ARRAY : KILN_IMAGE_2D;
   case GLSL_SAMPLER_DIM_3D:
      return KILN_IMAGE_3D;
   default:
      return KILN_IMAGE_NONE;
   }
}

enum kiln_compile_status
kiln_kernel_args_fill(struct kiln_kernel *k, const struct clc_kernel_info *info,
                      const struct clc_binary *spirv, nir_shader *nir, struct kiln_log *log)
{
   k->num_args = info->num_args;
   k->args = calloc(info->num_args ? info->num_args : 1, sizeof(*k->args));
   if (!k->args)
      return KILN_COMPILE_ERROR_NO_MEMORY;

   struct spirv_params params = { .max_params = info->num_args };
   if (!spirv_params_find(&params, spirv, info->name) || params.num_params != info->num_args)
      params.num_params = 0; /* the type names alone, then */

   enum kiln_compile_status status = KILN_COMPILE_OK;
   for (unsigned i = 0; i < info->num_args && status == KILN_COMPILE_OK; i++) {
      const struct clc_kernel_arg *src = &info->args[i];
      struct kiln_kernel_arg *arg = &k->args[i];

      arg->name = strdup(src->name ? src->name : "");
      arg->type_name = strdup(src->type_name ? src->type_name : "");
      if (!arg->name || !arg->type_name) {
         status = KILN_COMPILE_ERROR_NO_MEMORY;
         break;
      }
      arg->kind = arg_kind(src);
      arg->is_const = src->type_qualifier & CLC_KERNEL_ARG_TYPE_CONST;
      arg->is_volatile = src->type_qualifier & CLC_KERNEL_ARG_TYPE_VOLATILE;
      arg->is_restrict = src->type_qualifier & CLC_KERNEL_ARG_TYPE_RESTRICT;
      parse_type_name(arg->type_name, &arg->base_type, &arg->vector_size);
      resolve_arg_type(&params, i, arg);

      if (arg->kind == KILN_ARG_IMAGE) {
         const unsigned q = src->access_qualifier;
         arg->image_access = (q & CLC_KERNEL_ARG_ACCESS_READ ? KILN_IMAGE_READ : 0) |
                             (q & CLC_KERNEL_ARG_ACCESS_WRITE ? KILN_IMAGE_WRITE : 0);
         if (!arg->image_access)
            arg->image_access = KILN_IMAGE_READ; /* OpenCL's default, read_only */
      }
   }
   kiln_spirv_module_finish(&params.m);
   free(params.param_types);
   if (status != KILN_COMPILE_OK)
      return status;

   /* vtn gives each argument a uniform variable (an image an image
    * variable) whose location is the argument's index; explicit-type
    * lowering placed it at driver_location, kiln_nir_lower_image_args an
    * image or sampler at its descriptor slot. */
   k->kernarg_size = 0;
   nir_foreach_variable_with_modes (var, nir, nir_var_uniform | nir_var_image) {
      if (var->data.location < 0 || (unsigned)var->data.location >= k->num_args ||
          (glsl_type_is_sampler(var->type) && var->data.sampler.is_inline_sampler))
         continue; /* a literal sampler is no argument */
      struct kiln_kernel_arg *arg = &k->args[var->data.location];
      arg->offset = var->data.driver_location;
      arg->size = kiln_nir_image_arg_slot_size(var);
      if (!arg->size)
         arg->size = glsl_get_cl_size(var->type);
      if (arg->kind == KILN_ARG_IMAGE)
         arg->image_type = image_type(var->type);
      k->kernarg_size = MAX2(k->kernarg_size, arg->offset + arg->size);
   }
   return KILN_COMPILE_OK;
}
