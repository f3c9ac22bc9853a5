/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * libFuzzer target over kiln_compile() with SPIR-V input: the path an
 * application takes with clCreateProgramWithIL, where the module comes
 * from anywhere.  kiln runs inside other people's processes, so whatever
 * it is handed must come back as machine code or as an error status with
 * a log saying why; a crash, an abort (an assertion in vtn, NIR or ACO
 * included), an exit or a hang is a finding.  The target also aborts when
 * the result breaks kiln_compile()'s contract (an error without a log, a
 * program without code), so the fuzzer reports those too.
 *
 * The input is a SPIR-V module in its whole words; when its length is not
 * a multiple of four, the last byte picks the target and wave size instead
 * of being part of the module, so the corpus reaches every backend
 * configuration while the seeds (whole modules) compile for gfx1030.
 *
 * libFuzzer's own mutations work on bytes, and nearly everything they make
 * of a module fails validation, which tests SPIRV-Tools rather than kiln.
 * Most mutations here are therefore made on the module's instructions,
 * keeping its framing: an opcode swapped for another of the same shape
 * (iadd for udiv, one OpenCL.std builtin for another), an operand word or
 * a constant replaced with another id or an interesting value, two
 * operands exchanged.  Many results still validate and reach vtn, NIR and
 * ACO with something no front end would have written.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_compiler.h"
#include "kiln_spirv_module.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned seed);
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

static const struct {
   enum kiln_target target;
   unsigned wave_size;
} configs[] = {
   { KILN_TARGET_GFX1030, 0 },                             /* the default: wave32 */
   { KILN_TARGET_GFX1030, 64 }, { KILN_TARGET_GFX900, 0 }, /* wave64 only */
   { KILN_TARGET_GFX1100, 0 },  { KILN_TARGET_GFX1100, 64 },
};

int
LLVMFuzzerInitialize(int *argc, char **argv[])
{
   (void)argc;
   (void)argv;
   /* The IR dumps would swamp the fuzzer's output and cost more than the
    * compile; kiln_debug_flags() reads this once per process. */
   unsetenv("KILN_DEBUG");
   return 0;
}

/* Opcodes of one shape (the same operands, of types that often agree),
 * any of which may stand for another.  Numbers from the SPIR-V spec. */
static const uint16_t int_binary[] = {
   128 /* IAdd */,
   130 /* ISub */,
   132 /* IMul */,
   134 /* UDiv */,
   135 /* SDiv */,
   137 /* UMod */,
   138 /* SRem */,
   139 /* SMod */,
   194 /* ShiftRightLogical */,
   195 /* ShiftRightArithmetic */,
   196 /* ShiftLeftLogical */,
   197 /* BitwiseOr */,
   198 /* BitwiseXor */,
   199 /* BitwiseAnd */,
};
static const uint16_t float_binary[] = {
   129 /* FAdd */, 131 /* FSub */, 133 /* FMul */, 136 /* FDiv */, 140 /* FRem */, 141 /* FMod */,
};
static const uint16_t int_compare[] = {
   170 /* IEqual */, 171, 172, 173, 174, 175, 176, 177, 178, 179 /* SLessThanEqual */,
};
static const uint16_t float_compare[] = {
   180 /* FOrdEqual */,
   181,
   182,
   183,
   184,
   185,
   186,
   187,
   188,
   189,
   190,
   191 /* FUnordGreaterThanEqual */,
};
static const uint16_t logical_binary[] = {
   164 /* LogicalEqual */,
   165 /* LogicalNotEqual */,
   166 /* LogicalOr */,
   167 /* LogicalAnd */,
};
static const uint16_t conversions[] = {
   109 /* ConvertFToU */, 110 /* ConvertFToS */, 111 /* ConvertSToF */, 112 /* ConvertUToF */,
   113 /* UConvert */,    114 /* SConvert */,    115 /* FConvert */,    124 /* Bitcast */,
};
static const uint16_t int_unary[] = {
   126 /* SNegate */,
   200 /* Not */,
   204 /* BitReverse */,
   205 /* BitCount */,
};
static const uint16_t storage_classes[] = {
   0 /* UniformConstant */, 4 /* Workgroup */, 5 /* CrossWorkgroup */,
   7 /* Function */,        8 /* Generic */,
};

static const struct {
   const uint16_t *ops;
   unsigned count;
} families[] = {
#define FAMILY(a)                                                                                  \
   {                                                                                               \
      a, ARRAY_LEN(a)                                                                              \
   }
   FAMILY(int_binary),     FAMILY(float_binary), FAMILY(int_compare), FAMILY(float_compare),
   FAMILY(logical_binary), FAMILY(conversions),  FAMILY(int_unary),
#undef FAMILY
};

static const uint32_t interesting[] = {
   0,
   1,
   2,
   3,
   4,
   7,
   8,
   15,
   16,
   31,
   32,
   33,
   63,
   64,
   65,
   127,
   128,
   255,
   256,
   0x7fff,
   0x8000,
   0xffff,
   0x10000,
   0x7fffffff,
   0x80000000,
   0xfffffffe,
   0xffffffff,
   0x3f800000 /* 1.0f */,
   0x7f800000 /* inf */,
   0x7fc00000 /* nan */,
   0x00000001 /* denorm */,
};

static uint64_t
rand_next(uint64_t *state)
{
   /* xorshift64*: libFuzzer hands in the seed, so a run can be replayed. */
   *state ^= *state >> 12;
   *state ^= *state << 25;
   *state ^= *state >> 27;
   return *state * 0x2545f4914f6cdd1dull;
}

static unsigned
rand_below(uint64_t *state, unsigned n)
{
   return n ? rand_next(state) % n : 0;
}

/* Word offsets of the module's instructions, at most max; 0 when the
 * framing is broken (a zero or overlong word count). */
static unsigned
find_instructions(const uint32_t *w, size_t n, unsigned *at, unsigned max)
{
   unsigned count = 0;
   const uint32_t *end = w + n, *next = w + 5;
   kiln_spirv_foreach (inst, w + 5, end) {
      at[count++] = inst - w;
      if (count == max)
         return count;
      next = inst + kiln_spirv_len(inst);
   }
   return next == end ? count : 0;
}

/* One mutation of the instruction at w[i]; false if it did not apply. */
static bool
mutate_instruction(uint32_t *w, unsigned i, uint32_t id_bound, uint64_t *rng)
{
   const unsigned op = w[i] & 0xffff, len = w[i] >> 16;

   switch (rand_below(rng, 6)) {
   case 0: /* another opcode of the same shape */
      for (unsigned f = 0; f < ARRAY_LEN(families); f++) {
         for (unsigned k = 0; k < families[f].count; k++) {
            if (families[f].ops[k] == op) {
               w[i] = (len << 16) | families[f].ops[rand_below(rng, families[f].count)];
               return true;
            }
         }
      }
      if (op == 12 /* ExtInst */ && len >= 5) {
         w[i + 4] = rand_below(rng, 206); /* OpenCL.std's numbers */
         return true;
      }
      if (op == 32 /* TypePointer */ && len == 4) {
         w[i + 2] = storage_classes[rand_below(rng, ARRAY_LEN(storage_classes))];
         return true;
      }
      return false;
   case 1: /* a constant's value, or an integer or vector type's size */
      if (op == 43 /* Constant */ && len >= 4) {
         w[i + 3 + rand_below(rng, len - 3)] =
            rand_below(rng, 2) ? interesting[rand_below(rng, ARRAY_LEN(interesting))]
                               : (uint32_t)rand_next(rng);
         return true;
      }
      if (op == 21 /* TypeInt */ && len == 4) {
         w[i + 2] = 8u << rand_below(rng, 4);
         return true;
      }
      if (op == 23 /* TypeVector */ && len == 4) {
         static const uint32_t sizes[] = { 2, 3, 4, 8, 16 };
         w[i + 3] = sizes[rand_below(rng, ARRAY_LEN(sizes))];
         return true;
      }
      return false;
   case 2: /* two operands of a binary operation exchanged */
      if (len == 5) {
         uint32_t t = w[i + 3];
         w[i + 3] = w[i + 4];
         w[i + 4] = t;
         return true;
      }
      return false;
   case 3: /* an operand that is an id, another id */
   case 4:
      if (len >= 2 && id_bound > 1) {
         w[i + 1 + rand_below(rng, len - 1)] = 1 + rand_below(rng, id_bound - 1);
         return true;
      }
      return false;
   default: /* any operand word, an interesting value */
      if (len >= 2) {
         w[i + 1 + rand_below(rng, len - 1)] = interesting[rand_below(rng, ARRAY_LEN(interesting))];
         return true;
      }
      return false;
   }
}

size_t
LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned seed)
{
   uint64_t rng = seed * 0x9e3779b97f4a7c15ull + 1;
   const size_t module = size & ~(size_t)3;

   /* A quarter of the time, and for whatever is not a module, libFuzzer's
    * byte mutations; now and then, another target (the trailing byte). */
   if (module < 24 || rand_below(&rng, 4) == 0)
      return LLVMFuzzerMutate(data, size, max_size);
   if (rand_below(&rng, 16) == 0) {
      if (size > module)
         return module; /* back to the default configuration */
      if (size < max_size) {
         data[size] = rand_next(&rng);
         return size + 1;
      }
   }

   /* On a copy in whole words: libFuzzer's buffer has no alignment promise. */
   uint32_t *w = malloc(module);
   if (!w)
      return LLVMFuzzerMutate(data, size, max_size);
   memcpy(w, data, module);
   static unsigned at[65536]; /* instruction offsets; libFuzzer is one thread */
   unsigned count = find_instructions(w, module / 4, at, ARRAY_LEN(at));
   if (count == 0) {
      free(w);
      return LLVMFuzzerMutate(data, size, max_size);
   }
   unsigned done = 0, want = 1 + rand_below(&rng, 3);
   for (unsigned tries = 0; done < want && tries < 64; tries++)
      done += mutate_instruction(w, at[rand_below(&rng, count)], w[3], &rng);
   memcpy(data, w, module);
   free(w);
   return done ? size : LLVMFuzzerMutate(data, size, max_size);
}

static void
contract_broken(const char *what, enum kiln_compile_status status, const char *log)
{
   fprintf(stderr, "fuzz_compile_spirv: kiln_compile() returned %d: %s\n%s", status, what,
           log ? log : "");
   abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   struct kiln_compile_options options = {
      .target = KILN_TARGET_GFX1030,
      .source_kind = KILN_SOURCE_SPIRV,
      .source_name = "fuzz.spv",
   };
   if (size % 4) {
      unsigned pick = data[size - 1] % (ARRAY_LEN(configs));
      options.target = configs[pick].target;
      options.wave_size = configs[pick].wave_size;
      size &= ~(size_t)3;
   }

   /* A private copy in whole words: kiln reads the module as uint32_t, and
    * libFuzzer's buffer has no alignment promise. */
   uint32_t *words = malloc(size ? size : 4);
   if (!words)
      return 0;
   memcpy(words, data, size);

   struct kiln_program *prog = NULL;
   char *log = NULL;
   enum kiln_compile_status status = kiln_compile(words, size, &options, &prog, &log);

   if (status == KILN_COMPILE_OK) {
      /* No kernels is a valid result: a module may be a library. */
      if (!prog)
         contract_broken("success without a program", status, log);
      for (unsigned i = 0; i < prog->num_kernels; i++) {
         const struct kiln_kernel *k = &prog->kernels[i];
         if (!k->name || !k->code || !k->code_size || k->code_size % 4)
            contract_broken("success with a kernel that has no machine code", status, log);
      }
   } else {
      if (prog)
         contract_broken("an error status with a program", status, log);
      if (!log || !*log)
         contract_broken("an error status without a message in the log", status, log);
   }

   kiln_program_free(prog);
   free(log);
   free(words);
   return 0;
}
