/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * What every NIR pass unit test in tests/compiler shares, on top of
 * kiln_test.h's checks: a kernel shader to build the test in, the walks
 * that find and count instructions, and the evaluation of a rewritten
 * shader (loads at known addresses replaced by constants, the shader
 * folded, the stored constants read back). The shader a test builds with
 * nir_test_kernel() is printed, once, when a check fails while it is
 * alive, as Mesa's nir_test.h does.
 */
#ifndef NIR_PASS_TEST_H
#define NIR_PASS_TEST_H

#include "kiln_test.h"
#include "nir_builder.h"

/* Sets up the glsl types and the failure printout; nir_test_finish()
 * releases them and returns kiln_test_summary(). */
void nir_test_init(void);
int nir_test_finish(void);

/* An empty OpenCL kernel to build a test shader in, set up as
 * spirv_to_nir sets a kernel up for the Physical64 memory model: derefs
 * (of the private arrays passes create, say) are 64-bit pointers. It is
 * the shader printed when a check fails, until nir_test_free(). */
nir_builder nir_test_kernel(const nir_shader_compiler_options *options, const char *name);
void nir_test_free(nir_shader *s);

/* Every instruction of the shader, in program order; the _safe form lets
 * the body remove or replace instr. */
#define nir_test_foreach_instr(instr, s)                                                           \
   nir_foreach_function_impl (impl_, s)                                                            \
      nir_foreach_block (block_, impl_)                                                            \
         nir_foreach_instr (instr, block_)
#define nir_test_foreach_instr_safe(instr, s)                                                      \
   nir_foreach_function_impl (impl_, s)                                                            \
      nir_foreach_block (block_, impl_)                                                            \
         nir_foreach_instr_safe (instr, block_)

/* The first intrinsic op of the shader, or NULL. */
nir_intrinsic_instr *nir_test_find_intrinsic(nir_shader *s, nir_intrinsic_op op);
/* The load_global of the constant address addr, or NULL. */
nir_intrinsic_instr *nir_test_find_load(nir_shader *s, uint64_t addr);
/* The first store_global to the constant address addr, or NULL. */
nir_intrinsic_instr *nir_test_find_store(nir_shader *s, uint64_t addr);

/* How many intrinsics op the shader has. */
unsigned nir_test_count_intrinsic(nir_shader *s, nir_intrinsic_op op);
/* How many ALU instructions op it has, of any bit size (bit_size 0) or
 * defining bit_size bits. */
unsigned nir_test_count_alu(nir_shader *s, nir_op op, unsigned bit_size);

/* Makes the load_global of the constant address addr the constant of
 * num_components values of bit_size bits; false when there is no such
 * load. */
bool nir_test_set_load(nir_shader *s, uint64_t addr, unsigned num_components, unsigned bit_size,
                       const nir_const_value *values);
/* The same for one integer. */
bool nir_test_set_load_int(nir_shader *s, uint64_t addr, unsigned bit_size, uint64_t value);

enum nir_test_fold_flags {
   NIR_TEST_FOLD_ALGEBRAIC = 1 << 0, /* also nir_opt_algebraic */
   NIR_TEST_FOLD_MEMORY = 1 << 1,    /* undefs, private variables to values */
};

/* Copy propagation, constant folding and dead code elimination (and the
 * passes flags add) until nothing changes. */
void nir_test_fold(nir_shader *s, enum nir_test_fold_flags flags);

/* A store_global or store_deref, in program order. */
struct nir_test_store {
   bool is_const;         /* the value stored is a constant: */
   nir_const_value value; /* its first component, */
   unsigned bit_size;     /* of this size */
   bool addr_is_const;    /* store_global's address is a constant: */
   uint64_t addr;
};

/* Up to max of the shader's stores op (store_global or store_deref);
 * returns how many it wrote. */
unsigned nir_test_stores(nir_shader *s, nir_intrinsic_op op, struct nir_test_store *out,
                         unsigned max);

#endif
