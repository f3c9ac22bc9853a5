/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Parser and printer for the corpus runner command line. Values are stored
 * exactly as the device sees them: little-endian components, 3-component
 * vectors padded to 4 slots (OpenCL C 2.0 §6.1.5), so a buffer's bytes can
 * go straight to clCreateBuffer and a reference can compute on the same
 * layout.
 */
#include "corpus_args.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const struct {
   const char *name;
   enum corpus_base base;
   unsigned size;
} scalar_types[] = {
   {"char", CORPUS_I8, 1},    {"uchar", CORPUS_U8, 1},
   {"short", CORPUS_I16, 2},  {"ushort", CORPUS_U16, 2},
   {"int", CORPUS_I32, 4},    {"uint", CORPUS_U32, 4},
   {"long", CORPUS_I64, 8},   {"ulong", CORPUS_U64, 8},
   {"float", CORPUS_F32, 4},  {"double", CORPUS_F64, 8},
};

bool
corpus_base_is_float(enum corpus_base base)
{
   return base == CORPUS_F32 || base == CORPUS_F64;
}

bool
corpus_base_is_signed(enum corpus_base base)
{
   return base == CORPUS_I8 || base == CORPUS_I16 || base == CORPUS_I32 ||
          base == CORPUS_I64;
}

static void
set_err(char *err, size_t size, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(err, size, fmt, ap);
   va_end(ap);
}

int
corpus_parse_type(const char *text, struct corpus_type *type)
{
   for (unsigned i = 0; i < sizeof(scalar_types) / sizeof(scalar_types[0]);
        i++) {
      size_t len = strlen(scalar_types[i].name);
      if (strncmp(text, scalar_types[i].name, len) != 0)
         continue;
      const char *rest = text + len;
      unsigned n = 1;
      if (*rest) {
         char *end;
         n = strtoul(rest, &end, 10);
         if (*end || (n != 2 && n != 3 && n != 4 && n != 8 && n != 16))
            continue;
      }
      memset(type, 0, sizeof(*type));
      snprintf(type->name, sizeof(type->name), "%s", text);
      type->base = scalar_types[i].base;
      type->n = n;
      type->slots = n == 3 ? 4 : n;
      type->scalar_size = scalar_types[i].size;
      return 0;
   }
   return -EINVAL;
}

static void *
slot_ptr(const struct corpus_arg *arg, size_t slot)
{
   return (char *)arg->data + slot * arg->type.scalar_size;
}

uint64_t
corpus_get_bits(const struct corpus_arg *arg, size_t slot)
{
   uint64_t v = 0;
   memcpy(&v, slot_ptr(arg, slot), arg->type.scalar_size);
   return v;
}

void
corpus_set_bits(struct corpus_arg *arg, size_t slot, uint64_t bits)
{
   memcpy(slot_ptr(arg, slot), &bits, arg->type.scalar_size);
}

int64_t
corpus_get_i(const struct corpus_arg *arg, size_t slot)
{
   uint64_t bits = corpus_get_bits(arg, slot);
   switch (arg->type.base) {
   case CORPUS_I8: return (int8_t)bits;
   case CORPUS_I16: return (int16_t)bits;
   case CORPUS_I32: return (int32_t)bits;
   case CORPUS_F32: return (int64_t)corpus_get_f(arg, slot);
   case CORPUS_F64: return (int64_t)corpus_get_f(arg, slot);
   default: return (int64_t)bits;
   }
}

uint64_t
corpus_get_u(const struct corpus_arg *arg, size_t slot)
{
   if (corpus_base_is_float(arg->type.base))
      return (uint64_t)corpus_get_f(arg, slot);
   return (uint64_t)corpus_get_i(arg, slot);
}

double
corpus_get_f(const struct corpus_arg *arg, size_t slot)
{
   if (arg->type.base == CORPUS_F32) {
      float f;
      memcpy(&f, slot_ptr(arg, slot), 4);
      return f;
   }
   if (arg->type.base == CORPUS_F64) {
      double d;
      memcpy(&d, slot_ptr(arg, slot), 8);
      return d;
   }
   if (corpus_base_is_signed(arg->type.base))
      return (double)corpus_get_i(arg, slot);
   return (double)corpus_get_bits(arg, slot);
}

void
corpus_set_u(struct corpus_arg *arg, size_t slot, uint64_t v)
{
   if (corpus_base_is_float(arg->type.base))
      corpus_set_f(arg, slot, (double)v);
   else
      corpus_set_bits(arg, slot, v); /* modulo 2^N, as a conversion to unsigned */
}

void
corpus_set_i(struct corpus_arg *arg, size_t slot, int64_t v)
{
   if (corpus_base_is_float(arg->type.base))
      corpus_set_f(arg, slot, (double)v);
   else
      corpus_set_bits(arg, slot, (uint64_t)v);
}

void
corpus_set_f(struct corpus_arg *arg, size_t slot, double v)
{
   if (arg->type.base == CORPUS_F32) {
      float f = (float)v;
      memcpy(slot_ptr(arg, slot), &f, 4);
   } else if (arg->type.base == CORPUS_F64) {
      memcpy(slot_ptr(arg, slot), &v, 8);
   } else if (corpus_base_is_signed(arg->type.base)) {
      corpus_set_i(arg, slot, (int64_t)v);
   } else {
      corpus_set_u(arg, slot, (uint64_t)v);
   }
}

/* One component from text into a slot, checking the type's range. */
static int
parse_component(struct corpus_arg *arg, size_t slot, const char *text)
{
   char *end;
   errno = 0;
   if (corpus_base_is_float(arg->type.base)) {
      double d = strtod(text, &end);
      if (end == text || *end)
         return -EINVAL;
      if (arg->type.base == CORPUS_F32) {
         /* Parse floats directly as float so no double rounding occurs. */
         float f = strtof(text, &end);
         memcpy(slot_ptr(arg, slot), &f, 4);
      } else {
         memcpy(slot_ptr(arg, slot), &d, 8);
      }
      return 0;
   }

   unsigned bits = arg->type.scalar_size * 8;
   if (text[0] == '-') {
      /* Negative values: in range for signed types, taken modulo 2^N for
       * unsigned ones (down to -2^(N-1)). */
      long long v = strtoll(text, &end, 0);
      if (end == text || *end || errno)
         return -EINVAL;
      if (bits < 64 && v < -(1ll << (bits - 1)))
         return -ERANGE;
      corpus_set_bits(arg, slot, (uint64_t)v);
      return 0;
   }
   unsigned long long v = strtoull(text, &end, 0);
   if (end == text || *end || errno)
      return -EINVAL;
   if (bits < 64 && v >> bits)
      return -ERANGE;
   corpus_set_bits(arg, slot, v);
   return 0;
}

/* "v,v,..." filling the real components of count elements. */
static int
parse_values(struct corpus_arg *arg, const char *list, size_t max_values,
             char *err, size_t err_size, unsigned index)
{
   char *copy = strdup(list);
   size_t n = 0;
   int ret = 0;
   char *save = NULL;
   for (char *tok = strtok_r(copy, ",", &save); tok;
        tok = strtok_r(NULL, ",", &save), n++) {
      if (n >= max_values) {
         set_err(err, err_size, "argument %u: more than %zu values", index,
                 max_values);
         ret = -EINVAL;
         break;
      }
      size_t slot = n / arg->type.n * arg->type.slots + n % arg->type.n;
      ret = parse_component(arg, slot, tok);
      if (ret) {
         set_err(err, err_size, "argument %u: bad %s value '%s'", index,
                 arg->type.name, tok);
         break;
      }
   }
   free(copy);
   return ret;
}

static int
parse_arg(struct corpus_arg *arg, const char *text, unsigned index, char *err,
          size_t err_size)
{
   memset(arg, 0, sizeof(*arg));
   if (strncmp(text, "local:", 6) == 0) {
      char *end;
      arg->kind = CORPUS_ARG_LOCAL;
      arg->bytes = strtoull(text + 6, &end, 0);
      if (end == text + 6 || *end || arg->bytes == 0) {
         set_err(err, err_size, "argument %u: bad local size in '%s'", index,
                 text);
         return -EINVAL;
      }
      return 0;
   }

   char type_name[32];
   const char *values = NULL;
   if (strncmp(text, "buf:", 4) == 0) {
      const char *p = text + 4;
      const char *br = strchr(p, '[');
      char *end;
      if (!br || (size_t)(br - p) >= sizeof(type_name)) {
         set_err(err, err_size, "argument %u: expected buf:TYPE[N] in '%s'",
                 index, text);
         return -EINVAL;
      }
      memcpy(type_name, p, br - p);
      type_name[br - p] = 0;
      arg->kind = CORPUS_ARG_BUFFER;
      arg->count = strtoull(br + 1, &end, 0);
      if (end == br + 1 || *end != ']' || arg->count == 0) {
         set_err(err, err_size, "argument %u: bad element count in '%s'",
                 index, text);
         return -EINVAL;
      }
      if (end[1] == '=')
         values = end + 2;
      else if (end[1]) {
         set_err(err, err_size, "argument %u: junk after ']' in '%s'", index,
                 text);
         return -EINVAL;
      }
   } else {
      const char *colon = strchr(text, ':');
      if (!colon || (size_t)(colon - text) >= sizeof(type_name)) {
         set_err(err, err_size, "argument %u: expected TYPE:v,... in '%s'",
                 index, text);
         return -EINVAL;
      }
      memcpy(type_name, text, colon - text);
      type_name[colon - text] = 0;
      arg->kind = CORPUS_ARG_VALUE;
      arg->count = 1;
      values = colon + 1;
   }

   if (corpus_parse_type(type_name, &arg->type)) {
      set_err(err, err_size, "argument %u: unknown type '%s'", index,
              type_name);
      return -EINVAL;
   }
   arg->bytes = arg->count * arg->type.slots * arg->type.scalar_size;
   arg->data = calloc(1, arg->bytes);
   if (!values)
      return 0;
   if (arg->kind == CORPUS_ARG_VALUE) {
      /* A value must give every component. */
      size_t commas = 0;
      for (const char *c = values; *c; c++)
         commas += *c == ',';
      if (commas + 1 != arg->type.n) {
         set_err(err, err_size, "argument %u: %s needs %u values, got %zu",
                 index, arg->type.name, arg->type.n, commas + 1);
         return -EINVAL;
      }
   }
   return parse_values(arg, values, arg->count * arg->type.n, err, err_size,
                       index);
}

static int
parse_sizes(const char *text, size_t out[3], unsigned *dim)
{
   unsigned n = 0;
   const char *p = text;
   while (n < 3) {
      char *end;
      if (*p < '0' || *p > '9')
         return -EINVAL;
      out[n++] = strtoull(p, &end, 10);
      if (*end == 0)
         break;
      if (*end != ',')
         return -EINVAL;
      p = end + 1;
   }
   if (*p && strchr(p, ','))
      return -EINVAL;
   *dim = n;
   return 0;
}

int
corpus_parse_command_line(int argc, char **argv, struct corpus_launch *l,
                          char *err, size_t err_size)
{
   memset(l, 0, sizeof(*l));
   l->options = "";
   for (unsigned d = 0; d < 3; d++)
      l->global[d] = l->local[d] = 1;
   unsigned ldim = 0, odim = 0;

   for (int i = 0; i < argc; i++) {
      const char *a = argv[i];
      bool has_value = i + 1 < argc;
      if (!strcmp(a, "-k") || !strcmp(a, "-g") || !strcmp(a, "-l") ||
          !strcmp(a, "-o") || !strcmp(a, "-b") || !strcmp(a, "--platform")) {
         if (!has_value) {
            set_err(err, err_size, "option %s needs a value", a);
            return -EINVAL;
         }
         const char *v = argv[++i];
         int ret = 0;
         if (!strcmp(a, "-k"))
            l->kernel = v;
         else if (!strcmp(a, "-b"))
            l->options = v;
         else if (!strcmp(a, "--platform"))
            l->platform = v;
         else if (!strcmp(a, "-g"))
            ret = parse_sizes(v, l->global, &l->dim);
         else if (!strcmp(a, "-l")) {
            ret = parse_sizes(v, l->local, &ldim);
            l->has_local = true;
         } else {
            ret = parse_sizes(v, l->offset, &odim);
            l->has_offset = true;
         }
         if (ret) {
            set_err(err, err_size, "option %s: bad sizes '%s'", a, v);
            return -EINVAL;
         }
      } else if (!l->file && a[0] != '-') {
         l->file = a;
      } else {
         if (l->num_args == CORPUS_MAX_ARGS) {
            set_err(err, err_size, "more than %d kernel arguments",
                    CORPUS_MAX_ARGS);
            return -EINVAL;
         }
         int ret = parse_arg(&l->args[l->num_args], a, l->num_args, err,
                             err_size);
         l->num_args++;
         if (ret)
            return ret;
      }
   }
   if (!l->file || !l->kernel || !l->dim) {
      set_err(err, err_size, "need FILE.cl, -k KERNEL and -g X[,Y,Z]");
      return -EINVAL;
   }
   if ((l->has_local && ldim != l->dim) || (l->has_offset && odim != l->dim)) {
      set_err(err, err_size, "-l and -o must have as many sizes as -g (%u)",
              l->dim);
      return -EINVAL;
   }
   return 0;
}

void
corpus_launch_free(struct corpus_launch *l)
{
   for (unsigned i = 0; i < l->num_args; i++)
      free(l->args[i].data);
}

void
corpus_print_buffers(FILE *out, const struct corpus_launch *l)
{
   for (unsigned i = 0; i < l->num_args; i++) {
      const struct corpus_arg *arg = &l->args[i];
      if (arg->kind != CORPUS_ARG_BUFFER)
         continue;
      fprintf(out, "arg%u:", i);
      for (size_t e = 0; e < arg->count; e++) {
         for (unsigned c = 0; c < arg->type.n; c++) {
            size_t slot = e * arg->type.slots + c;
            if (arg->type.base == CORPUS_F32)
               fprintf(out, " %.9g", corpus_get_f(arg, slot));
            else if (arg->type.base == CORPUS_F64)
               fprintf(out, " %.17g", corpus_get_f(arg, slot));
            else if (corpus_base_is_signed(arg->type.base))
               fprintf(out, " %" PRId64, corpus_get_i(arg, slot));
            else
               fprintf(out, " %" PRIu64, corpus_get_u(arg, slot));
         }
      }
      fprintf(out, "\n");
   }
}
