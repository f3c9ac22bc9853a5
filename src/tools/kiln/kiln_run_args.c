/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Parsing and printing of `kiln run` arguments.  Values are stored as the
 * device sees them (little-endian components; a 3-component vector takes 4
 * slots, OpenCL C §6.1.5), so a buffer's bytes go to a BO unchanged and a
 * value's bytes to its kernarg slot.  Integers accept C literals (decimal,
 * 0x hex) and must fit their type (a negative value for an unsigned type
 * wraps, down to the signed minimum); floats are parsed straight into their
 * own precision with strtof/strtod, and half (cl_khr_fp16) from strtod's
 * double, rounded once to nearest even.  A buffer too large for a command-line
 * word (Linux takes at most 128 KiB in one) comes from a file of raw bytes
 * (`=@FILE`) or from a seeded generator (`=rand:SEED[:LO:HI]`), the same
 * in every runner.
 */
#include "kiln_run_args.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/double.h"
#include "util/half_float.h"

static const struct {
   const char *name;
   enum kiln_base_type base;
   unsigned size;
   bool is_signed, is_float;
} scalar_types[] = {
   /* Longer names first where one is a prefix of another. */
   { "uchar", KILN_TYPE_UCHAR, 1, false, false },   { "char", KILN_TYPE_CHAR, 1, true, false },
   { "ushort", KILN_TYPE_USHORT, 2, false, false }, { "short", KILN_TYPE_SHORT, 2, true, false },
   { "uint", KILN_TYPE_UINT, 4, false, false },     { "int", KILN_TYPE_INT, 4, true, false },
   { "ulong", KILN_TYPE_ULONG, 8, false, false },   { "long", KILN_TYPE_LONG, 8, true, false },
   { "half", KILN_TYPE_HALF, 2, true, true },       { "float", KILN_TYPE_FLOAT, 4, true, true },
   { "double", KILN_TYPE_DOUBLE, 8, true, true },
};

#define NUM_SCALAR_TYPES (sizeof(scalar_types) / sizeof(scalar_types[0]))

static int
scalar_index(enum kiln_base_type base)
{
   for (unsigned i = 0; i < NUM_SCALAR_TYPES; i++)
      if (scalar_types[i].base == base)
         return i;
   return -1;
}

const char *
kiln_run_base_type_name(enum kiln_base_type base)
{
   int i = scalar_index(base);
   if (i >= 0)
      return scalar_types[i].name;
   switch (base) {
   case KILN_TYPE_BOOL:
      return "bool";
   default:
      return "struct/other";
   }
}

bool
kiln_run_base_is_float(enum kiln_base_type base)
{
   int i = scalar_index(base);
   return i >= 0 && scalar_types[i].is_float;
}

bool
kiln_run_base_is_signed(enum kiln_base_type base)
{
   int i = scalar_index(base);
   return i >= 0 && scalar_types[i].is_signed && !scalar_types[i].is_float;
}

void
kiln_run_set_err(char *err, size_t size, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(err, size, fmt, ap);
   va_end(ap);
}

int
kiln_run_parse_type(const char *text, struct kiln_run_type *type)
{
   for (unsigned i = 0; i < NUM_SCALAR_TYPES; i++) {
      size_t len = strlen(scalar_types[i].name);
      if (strncmp(text, scalar_types[i].name, len))
         continue;
      const char *rest = text + len;
      unsigned n = 1;
      if (*rest) {
         char *end;
         if (*rest < '0' || *rest > '9')
            continue;
         n = strtoul(rest, &end, 10);
         if (*end || (n != 2 && n != 3 && n != 4 && n != 8 && n != 16))
            return -EINVAL;
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

/* v correctly rounded to half: rounded to odd in float first (toward
 * zero, the last bit set if inexact), which one more rounding to nearest
 * even takes to the half nearest v; through a float rounded to nearest, a
 * value just past a half tie can become the tie and round the wrong way. */
uint16_t
kiln_run_half_from_double(double v)
{
   union {
      float f;
      uint32_t u;
   } odd = { _mesa_double_to_float_rtz(v) };
   if (odd.f != v)
      odd.u |= 1;
   return _mesa_float_to_half(odd.f);
}

/* A floating-point component from a double, rounded to nearest even. */
static void
store_float(const struct kiln_run_arg *arg, void *dst, double v)
{
   if (arg->type.base == KILN_TYPE_HALF) {
      uint16_t h = kiln_run_half_from_double(v);
      memcpy(dst, &h, 2);
   } else if (arg->type.base == KILN_TYPE_FLOAT) {
      float f = v;
      memcpy(dst, &f, 4);
   } else {
      memcpy(dst, &v, 8);
   }
}

/* One component from text into its slot. */
static int
parse_component(struct kiln_run_arg *arg, size_t slot, const char *text)
{
   const int t = scalar_index(arg->type.base);
   void *dst = (char *)arg->data + slot * arg->type.scalar_size;
   char *end;

   errno = 0;
   if (scalar_types[t].is_float) {
      if (arg->type.base == KILN_TYPE_FLOAT) {
         float f = strtof(text, &end);
         memcpy(dst, &f, 4);
      } else {
         store_float(arg, dst, strtod(text, &end));
      }
      return end == text || *end ? -EINVAL : 0;
   }

   const unsigned bits = arg->type.scalar_size * 8;
   uint64_t v;
   if (text[0] == '-') {
      long long s = strtoll(text, &end, 0);
      if (end == text || *end || errno)
         return -EINVAL;
      if (bits < 64 && s < -(1ll << (bits - 1)))
         return -ERANGE;
      v = (uint64_t)s; /* for an unsigned type: modulo 2^bits */
   } else {
      unsigned long long u = strtoull(text, &end, 0);
      if (end == text || *end || errno)
         return -EINVAL;
      if (bits < 64 && u >> bits)
         return -ERANGE;
      v = u;
   }
   memcpy(dst, &v, arg->type.scalar_size); /* little-endian host */
   return 0;
}

/* "v,v,..." filling the real components of the elements in order; an
 * empty component is an error, not a 0. */
static int
parse_values(struct kiln_run_arg *arg, const char *list, unsigned index, char *err, size_t err_size)
{
   const size_t max_values = arg->count * arg->type.n;
   char tok[128];
   size_t n = 0;

   for (const char *p = list;; n++) {
      size_t len = strcspn(p, ",");
      if (n >= max_values) {
         kiln_run_set_err(err, err_size, "argument %u: more than %zu values for %s[%zu]", index,
                          max_values, arg->type.name, arg->count);
         return -EINVAL;
      }
      if (!len || len >= sizeof(tok)) {
         kiln_run_set_err(err, err_size, "argument %u: %s %s value %zu in '%s'", index,
                          len ? "overlong" : "empty", arg->type.name, n, list);
         return -EINVAL;
      }
      memcpy(tok, p, len);
      tok[len] = 0;
      size_t slot = n / arg->type.n * arg->type.slots + n % arg->type.n;
      int ret = parse_component(arg, slot, tok);
      if (ret) {
         kiln_run_set_err(err, err_size, "argument %u: %s %s value '%s'", index,
                          ret == -ERANGE ? "out-of-range" : "bad", arg->type.name, tok);
         return ret;
      }
      if (!p[len])
         return 0;
      p += len + 1;
   }
}

/* "@FILE": the buffer's bytes as the device sees them, exactly. */
static int
read_buffer_file(struct kiln_run_arg *arg, const char *path, unsigned index, char *err,
                 size_t err_size)
{
   FILE *f = fopen(path, "rb");
   if (!f) {
      kiln_run_set_err(err, err_size, "argument %u: %s: %s", index, path, strerror(errno));
      return -EINVAL;
   }
   int ret = 0;
   long size = -1;
   if (fseek(f, 0, SEEK_END) == 0)
      size = ftell(f);
   if (size < 0 || fseek(f, 0, SEEK_SET) != 0) {
      kiln_run_set_err(err, err_size, "argument %u: %s: %s", index, path, strerror(errno));
      ret = -EINVAL;
   } else if ((unsigned long)size != arg->bytes) {
      kiln_run_set_err(err, err_size,
                       "argument %u: %s holds %ld bytes; buf:%s[%zu] is %zu bytes "
                       "(%zu elements of %u bytes)",
                       index, path, size, arg->type.name, arg->count, arg->bytes, arg->count,
                       arg->type.slots * arg->type.scalar_size);
      ret = -EINVAL;
   } else if (fread(arg->data, 1, arg->bytes, f) != arg->bytes) {
      kiln_run_set_err(err, err_size, "argument %u: %s: read error", index, path);
      ret = -EINVAL;
   }
   fclose(f);
   return ret;
}

/* check.py's generator: a 64-bit LCG, 31 bits a draw. */
static uint64_t
lcg_next(uint64_t *state)
{
   *state = *state * 6364136223846793005ull + 1442695040888963407ull;
   return *state >> 33;
}

/* A bound of a rand: range: an integer of the component type,
 * sign-extended when signed, or for floats a double (as check.py reads
 * it, whatever the component's precision). */
static int
parse_bound(const struct kiln_run_arg *arg, const char *text, uint64_t *bits, double *f)
{
   if (kiln_run_base_is_float(arg->type.base)) {
      char *end;
      *f = strtod(text, &end);
      return end == text || *end ? -EINVAL : 0;
   }
   uint64_t slot[1] = { 0 };
   struct kiln_run_arg one = { .type = arg->type, .data = slot };
   int ret = parse_component(&one, 0, text);
   if (ret)
      return ret;
   const unsigned shift = 64 - 8 * arg->type.scalar_size;
   *bits = kiln_run_base_is_signed(arg->type.base)
              ? (uint64_t)((int64_t)(slot[0] << shift) >> shift)
              : slot[0];
   return 0;
}

/* "rand:SEED[:LO:HI]": every real component drawn from check.py's LCG
 * seeded with SEED.  Integers in [LO, HI] (default the type's range), as
 * lo + draw % (HI - LO + 1) with one 31-bit draw when the range has at
 * most 2^31 values (so `rand:S:LO:HI` fills what `{rand:N:S:LO:HI}` lists)
 * and a 64-bit value of three draws otherwise; floats in [LO, HI)
 * (default [0, 1)) as LO + (HI - LO) * draw / 2^31 rounded to the type. */
static int
fill_random(struct kiln_run_arg *arg, const char *spec, unsigned index, char *err, size_t err_size)
{
   char buf[160];
   if (strlen(spec) >= sizeof(buf)) {
      kiln_run_set_err(err, err_size, "argument %u: overlong rand: fill '%s'", index, spec);
      return -EINVAL;
   }
   strcpy(buf, spec);
   char *lo_text = strchr(buf, ':'), *hi_text = NULL;
   if (lo_text) {
      *lo_text++ = 0;
      hi_text = strchr(lo_text, ':');
      if (hi_text)
         *hi_text++ = 0;
   }

   char *end;
   errno = 0;
   const uint64_t seed = strtoull(buf, &end, 0);
   if (!buf[0] || *end || errno || buf[0] == '-' || (lo_text && !hi_text)) {
      kiln_run_set_err(err, err_size,
                       "argument %u: expected rand:SEED or rand:SEED:LO:HI, got "
                       "'rand:%s'",
                       index, spec);
      return -EINVAL;
   }

   const bool is_float = kiln_run_base_is_float(arg->type.base);
   const bool is_signed = kiln_run_base_is_signed(arg->type.base);
   const unsigned bits = arg->type.scalar_size * 8;
   uint64_t lo = 0, hi = bits == 64 ? UINT64_MAX : (1ull << bits) - 1;
   double flo = 0, fhi = 1;
   if (is_signed) {
      lo = (uint64_t)(-(int64_t)(hi >> 1) - 1);
      hi >>= 1;
   }
   if (lo_text) {
      int r1 = parse_bound(arg, lo_text, &lo, &flo);
      int r2 = r1 ? r1 : parse_bound(arg, hi_text, &hi, &fhi);
      bool empty = is_float ? !(flo <= fhi) : (is_signed ? (int64_t)lo > (int64_t)hi : lo > hi);
      if (r1 || r2 || empty) {
         kiln_run_set_err(err, err_size, "argument %u: bad %s range '%s:%s' in rand:", index,
                          arg->type.name, lo_text, hi_text);
         return -EINVAL;
      }
   }

   uint64_t state = seed * 6364136223846793005ull + 1442695040888963407ull;
   const uint64_t span = hi - lo + 1; /* 0: all 2^64 values */
   for (size_t i = 0; i < arg->count * arg->type.n; i++) {
      void *dst = (char *)arg->data +
                  (i / arg->type.n * arg->type.slots + i % arg->type.n) * arg->type.scalar_size;
      if (is_float) {
         store_float(arg, dst, flo + (fhi - flo) * ((double)lcg_next(&state) / 2147483648.0));
      } else {
         uint64_t draw;
         if (span && span <= (1ull << 31)) {
            draw = lcg_next(&state);
         } else {
            draw = lcg_next(&state) << 62;
            draw ^= lcg_next(&state) << 31;
            draw ^= lcg_next(&state);
         }
         uint64_t v = lo + (span ? draw % span : draw);
         memcpy(dst, &v, arg->type.scalar_size); /* little-endian host */
      }
   }
   return 0;
}

int
kiln_run_parse_arg(const char *text, unsigned index, struct kiln_run_arg *arg, char *err,
                   size_t err_size)
{
   char type_name[32];
   const char *values = NULL;
   char *end;

   if (kiln_run_is_image_arg(text))
      return kiln_run_parse_image_arg(text, index, arg, err, err_size);
   memset(arg, 0, sizeof(*arg));
   if (!strncmp(text, "local:", 6)) {
      arg->kind = KILN_RUN_ARG_LOCAL;
      errno = 0;
      arg->bytes = strtoull(text + 6, &end, 0);
      if (end == text + 6 || *end || !arg->bytes || errno || text[6] == '-') {
         kiln_run_set_err(err, err_size, "argument %u: bad __local size in '%s'", index, text);
         return -EINVAL;
      }
      return 0;
   }

   if (!strncmp(text, "buf:", 4)) {
      const char *p = text + 4, *br = strchr(p, '[');
      if (!br || (size_t)(br - p) >= sizeof(type_name)) {
         kiln_run_set_err(err, err_size, "argument %u: expected buf:TYPE[N] in '%s'", index, text);
         return -EINVAL;
      }
      memcpy(type_name, p, br - p);
      type_name[br - p] = 0;
      arg->kind = KILN_RUN_ARG_BUFFER;
      errno = 0;
      arg->count = strtoull(br + 1, &end, 0);
      if (end == br + 1 || *end != ']' || !arg->count || errno || br[1] == '-') {
         kiln_run_set_err(err, err_size, "argument %u: bad element count in '%s'", index, text);
         return -EINVAL;
      }
      if (end[1] == '=') {
         values = end + 2;
      } else if (end[1]) {
         kiln_run_set_err(err, err_size, "argument %u: unexpected '%s' after ']' in '%s'", index,
                          end + 1, text);
         return -EINVAL;
      }
   } else {
      const char *colon = strchr(text, ':');
      if (!colon || (size_t)(colon - text) >= sizeof(type_name)) {
         kiln_run_set_err(err, err_size,
                          "argument %u: expected TYPE:v[,v...], buf:TYPE[N] or "
                          "local:BYTES, got '%s'",
                          index, text);
         return -EINVAL;
      }
      memcpy(type_name, text, colon - text);
      type_name[colon - text] = 0;
      arg->kind = KILN_RUN_ARG_VALUE;
      arg->count = 1;
      values = colon + 1;
   }

   if (kiln_run_parse_type(type_name, &arg->type)) {
      kiln_run_set_err(err, err_size, "argument %u: unknown type '%s'", index, type_name);
      return -EINVAL;
   }
   if (arg->count > SIZE_MAX / arg->type.slots / arg->type.scalar_size) {
      kiln_run_set_err(err, err_size, "argument %u: %zu elements is too many", index, arg->count);
      return -EINVAL;
   }
   arg->bytes = arg->count * arg->type.slots * arg->type.scalar_size;
   arg->data = calloc(1, arg->bytes);
   if (!arg->data) {
      kiln_run_set_err(err, err_size, "argument %u: cannot allocate %zu bytes", index, arg->bytes);
      return -ENOMEM;
   }
   if (!values)
      return 0;
   if (arg->kind == KILN_RUN_ARG_BUFFER && values[0] == '@')
      return read_buffer_file(arg, values + 1, index, err, err_size);
   if (arg->kind == KILN_RUN_ARG_BUFFER && !strncmp(values, "rand:", 5))
      return fill_random(arg, values + 5, index, err, err_size);
   if (arg->kind == KILN_RUN_ARG_VALUE) {
      /* A value gives every component. */
      size_t commas = 0;
      for (const char *c = values; *c; c++)
         commas += *c == ',';
      if (commas + 1 != arg->type.n) {
         kiln_run_set_err(err, err_size, "argument %u: %s needs %u value%s, got %zu", index,
                          arg->type.name, arg->type.n, arg->type.n == 1 ? "" : "s", commas + 1);
         return -EINVAL;
      }
   }
   return parse_values(arg, values, index, err, err_size);
}

/* "X[,Y[,Z]]" */
static int
parse_sizes(const char *text, uint64_t out[3], unsigned *dim)
{
   const char *p = text;
   unsigned n = 0;

   for (;;) {
      char *end;
      if (n == 3 || *p < '0' || *p > '9')
         return -EINVAL;
      errno = 0;
      out[n++] = strtoull(p, &end, 10);
      if (errno)
         return -EINVAL;
      if (!*end)
         break;
      if (*end != ',')
         return -EINVAL;
      p = end + 1;
   }
   *dim = n;
   return 0;
}

static struct kiln_run_extra_option *
find_extra(struct kiln_run_extra_option *extra, unsigned num_extra, const char *name)
{
   for (unsigned i = 0; i < num_extra; i++)
      if (!strcmp(extra[i].name, name))
         return &extra[i];
   return NULL;
}

int
kiln_run_parse_command_line(int argc, char **argv, struct kiln_run_command *cmd, char *err,
                            size_t err_size)
{
   return kiln_run_parse_command_line_extra(argc, argv, NULL, 0, cmd, err, err_size);
}

int
kiln_run_parse_command_line_extra(int argc, char **argv, struct kiln_run_extra_option *extra,
                                  unsigned num_extra, struct kiln_run_command *cmd, char *err,
                                  size_t err_size)
{
   unsigned ldim = 0, odim = 0;

   for (unsigned i = 0; i < num_extra; i++)
      extra[i].value = NULL;

   memset(cmd, 0, sizeof(*cmd));
   cmd->options = "";
   cmd->launches = 1;
   for (unsigned d = 0; d < 3; d++)
      cmd->global[d] = cmd->local[d] = 1;

   for (int i = 0; i < argc; i++) {
      const char *a = argv[i];
      struct kiln_run_extra_option *x = find_extra(extra, num_extra, a);
      if (x && x->flag) {
         x->value = "";
      } else if (x) {
         if (i + 1 >= argc) {
            kiln_run_set_err(err, err_size, "option %s needs a value", a);
            return -EINVAL;
         }
         x->value = argv[++i];
      } else if (!strcmp(a, "-k") || !strcmp(a, "-g") || !strcmp(a, "-l") || !strcmp(a, "-o") ||
                 !strcmp(a, "-b") || !strcmp(a, "--target") || !strcmp(a, "--launches")) {
         if (i + 1 >= argc) {
            kiln_run_set_err(err, err_size, "option %s needs a value", a);
            return -EINVAL;
         }
         const char *v = argv[++i];
         int ret = 0;
         if (!strcmp(a, "-k")) {
            if (cmd->num_kernels == KILN_RUN_MAX_KERNELS) {
               kiln_run_set_err(err, err_size, "more than %d kernels (-k)", KILN_RUN_MAX_KERNELS);
               return -EINVAL;
            }
            cmd->kernels[cmd->num_kernels++] = v;
            if (!cmd->kernel)
               cmd->kernel = v;
         } else if (!strcmp(a, "--launches")) {
            char *end;
            errno = 0;
            unsigned long n = strtoul(v, &end, 10);
            if (errno || end == v || *end || !n || n > 1000000 || v[0] == '-') {
               kiln_run_set_err(err, err_size,
                                "option --launches: '%s' is not a count from 1 to "
                                "1000000",
                                v);
               return -EINVAL;
            }
            cmd->launches = n;
         } else if (!strcmp(a, "-b")) {
            cmd->options = v;
         } else if (!strcmp(a, "--target")) {
            cmd->target = v;
         } else if (!strcmp(a, "-g")) {
            ret = parse_sizes(v, cmd->global, &cmd->dim);
         } else if (!strcmp(a, "-l")) {
            ret = parse_sizes(v, cmd->local, &ldim);
            cmd->has_local = true;
         } else {
            ret = parse_sizes(v, cmd->offset, &odim);
            cmd->has_offset = true;
         }
         if (ret) {
            kiln_run_set_err(err, err_size, "option %s: bad sizes '%s' (expected X[,Y[,Z]])", a, v);
            return -EINVAL;
         }
      } else if (!cmd->file && a[0] != '-') {
         cmd->file = a;
      } else {
         if (cmd->num_args == KILN_RUN_MAX_ARGS) {
            kiln_run_set_err(err, err_size, "more than %d kernel arguments", KILN_RUN_MAX_ARGS);
            return -EINVAL;
         }
         int ret = kiln_run_parse_arg(a, cmd->num_args, &cmd->args[cmd->num_args], err, err_size);
         cmd->num_args++;
         if (ret)
            return ret;
      }
   }
   if (!cmd->file || !cmd->kernel || !cmd->dim) {
      kiln_run_set_err(err, err_size, "need FILE.cl, -k KERNEL and -g X[,Y,Z]");
      return -EINVAL;
   }
   if ((cmd->has_local && ldim != cmd->dim) || (cmd->has_offset && odim != cmd->dim)) {
      kiln_run_set_err(err, err_size, "-l and -o need as many sizes as -g (%u)", cmd->dim);
      return -EINVAL;
   }
   return 0;
}

void
kiln_run_command_free(struct kiln_run_command *cmd)
{
   for (unsigned i = 0; i < cmd->num_args; i++)
      free(cmd->args[i].data);
   cmd->num_args = 0;
}

static const char *
kind_name(enum kiln_arg_kind kind)
{
   switch (kind) {
   case KILN_ARG_VALUE:
      return "a value";
   case KILN_ARG_GLOBAL_PTR:
      return "a __global pointer";
   case KILN_ARG_CONSTANT_PTR:
      return "a __constant pointer";
   case KILN_ARG_LOCAL_PTR:
      return "a __local pointer";
   case KILN_ARG_IMAGE:
      return "an image";
   case KILN_ARG_SAMPLER:
      return "a sampler";
   }
   return "?";
}

/* The integer type of the same width and the other sign, or base. */
static enum kiln_base_type
other_sign(enum kiln_base_type base)
{
   int t = scalar_index(base);
   if (t < 0 || scalar_types[t].is_float)
      return base;
   for (unsigned i = 0; i < NUM_SCALAR_TYPES; i++) {
      if (scalar_types[i].size == scalar_types[t].size && !scalar_types[i].is_float &&
          scalar_types[i].is_signed != scalar_types[t].is_signed)
         return scalar_types[i].base;
   }
   return base;
}

static void
type_text(enum kiln_base_type base, unsigned n, bool sign_unknown, char *buf, size_t size)
{
   char count[12] = "";
   if (n > 1)
      snprintf(count, sizeof(count), "%u", n);
   if (sign_unknown && other_sign(base) != base)
      snprintf(buf, size, "%s%s or %s%s", kiln_run_base_type_name(base), count,
               kiln_run_base_type_name(other_sign(base)), count);
   else
      snprintf(buf, size, "%s%s", kiln_run_base_type_name(base), count);
}

const struct kiln_kernel *
kiln_run_find_kernel(const struct kiln_run_command *cmd, const struct kiln_program *program,
                     const char *name, char *err, size_t err_size)
{
   /* by hand, not kiln_program_find_kernel(): this library is used
    * without the compiler */
   for (unsigned i = 0; i < program->num_kernels; i++)
      if (!strcmp(program->kernels[i].name, name))
         return &program->kernels[i];
   int n = snprintf(err, err_size, "%s has no kernel '%s'; it has:", cmd->file, name);
   for (unsigned i = 0; i < program->num_kernels && n >= 0 && (size_t)n < err_size; i++)
      n += snprintf(err + n, err_size - n, " %s", program->kernels[i].name);
   return NULL;
}

int
kiln_run_check_signature(const struct kiln_run_command *cmd, const struct kiln_kernel *k, char *err,
                         size_t err_size)
{
   if (cmd->num_args != k->num_args) {
      kiln_run_set_err(err, err_size, "kernel '%s' takes %u argument%s, %u given", k->name,
                       k->num_args, k->num_args == 1 ? "" : "s", cmd->num_args);
      return -EINVAL;
   }
   for (unsigned i = 0; i < k->num_args; i++) {
      const struct kiln_kernel_arg *ka = &k->args[i];
      const struct kiln_run_arg *a = &cmd->args[i];
      const char *name = ka->name ? ka->name : "?";
      bool kind_ok;

      switch (a->kind) {
      case KILN_RUN_ARG_VALUE:
         kind_ok = ka->kind == KILN_ARG_VALUE;
         break;
      case KILN_RUN_ARG_BUFFER:
         kind_ok = ka->kind == KILN_ARG_GLOBAL_PTR || ka->kind == KILN_ARG_CONSTANT_PTR;
         break;
      case KILN_RUN_ARG_IMAGE:
         kind_ok = ka->kind == KILN_ARG_IMAGE;
         break;
      case KILN_RUN_ARG_SAMPLER:
         kind_ok = ka->kind == KILN_ARG_SAMPLER;
         break;
      default:
         kind_ok = ka->kind == KILN_ARG_LOCAL_PTR;
         break;
      }
      if (!kind_ok) {
         static const char *given[] = { "a value", "a buffer", "a __local size", "an image",
                                        "a sampler" };
         kiln_run_set_err(err, err_size, "argument %u ('%s %s'): kernel '%s' expects %s, %s given",
                          i, ka->type_name ? ka->type_name : "", name, k->name, kind_name(ka->kind),
                          given[a->kind]);
         return -EINVAL;
      }
      if (a->kind == KILN_RUN_ARG_IMAGE && a->image.type != ka->image_type) {
         kiln_run_set_err(err, err_size,
                          "argument %u ('%s'): kernel '%s' expects an %s, an %s given", i, name,
                          k->name, kiln_run_image_type_name(ka->image_type),
                          kiln_run_image_type_name(a->image.type));
         return -EINVAL;
      }
      if (a->kind == KILN_RUN_ARG_LOCAL || a->kind == KILN_RUN_ARG_IMAGE ||
          a->kind == KILN_RUN_ARG_SAMPLER)
         continue;

      /* A pointer to void or to a struct takes any buffer. */
      if (a->kind == KILN_RUN_ARG_BUFFER && ka->base_type == KILN_TYPE_OTHER)
         continue;
      unsigned n = ka->vector_size ? ka->vector_size : 1;
      /* A typedef'd integer takes either sign of its width. */
      bool base_ok = ka->base_type == a->type.base ||
                     (ka->sign_unknown && other_sign(ka->base_type) == a->type.base);
      if (!base_ok || n != a->type.n) {
         char want[48];
         type_text(ka->base_type, n, ka->sign_unknown, want, sizeof(want));
         kiln_run_set_err(err, err_size,
                          "argument %u ('%s %s'): kernel '%s' expects %s%s, %s given", i,
                          ka->type_name ? ka->type_name : "", name, k->name, want,
                          a->kind == KILN_RUN_ARG_BUFFER ? " elements" : "", a->type.name);
         return -EINVAL;
      }
      if (a->kind == KILN_RUN_ARG_VALUE && ka->size && ka->size != a->bytes) {
         kiln_run_set_err(err, err_size,
                          "argument %u ('%s'): the kernel's slot is %u bytes, %s is %zu", i, name,
                          ka->size, a->type.name, a->bytes);
         return -EINVAL;
      }
   }
   return 0;
}

void
kiln_run_print_buffers(FILE *out, const struct kiln_run_command *cmd)
{
   for (unsigned i = 0; i < cmd->num_args; i++) {
      const struct kiln_run_arg *a = &cmd->args[i];
      if (a->kind == KILN_RUN_ARG_IMAGE)
         kiln_run_print_image(out, i, a);
      if (a->kind != KILN_RUN_ARG_BUFFER)
         continue;
      const int t = scalar_index(a->type.base);
      fprintf(out, "arg%u:", i);
      for (size_t e = 0; e < a->count; e++) {
         for (unsigned c = 0; c < a->type.n; c++) {
            const char *p = (const char *)a->data + (e * a->type.slots + c) * a->type.scalar_size;
            uint64_t bits = 0;
            memcpy(&bits, p, a->type.scalar_size);
            if (a->type.base == KILN_TYPE_HALF) {
               fprintf(out, " %.9g", _mesa_half_to_float(bits));
            } else if (a->type.base == KILN_TYPE_FLOAT) {
               float f;
               memcpy(&f, p, 4);
               fprintf(out, " %.9g", f);
            } else if (a->type.base == KILN_TYPE_DOUBLE) {
               double d;
               memcpy(&d, p, 8);
               fprintf(out, " %.17g", d);
            } else if (scalar_types[t].is_signed) {
               /* Sign-extend from the component's width. */
               unsigned shift = 64 - 8 * a->type.scalar_size;
               fprintf(out, " %" PRId64, (int64_t)(bits << shift) >> shift);
            } else {
               fprintf(out, " %" PRIu64, bits);
            }
         }
      }
      fprintf(out, "\n");
   }
}
