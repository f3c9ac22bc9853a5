/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Dynamic vector extracts with fewer instructions.  spirv_to_nir builds
 * every extract at a run-time index (OpenCL's shuffle/shuffle2, SPIR-V's
 * OpVectorExtractDynamic) with nir_vector_extract, a binary tree of
 * bcsel(ilt(idx, mid), left, right) whose n leaves are the vector's
 * components: every node has its own comparison, so an extract from a
 * 16-component vector costs 15 compares and 15 selects, and 8- and 16-bit
 * components are selected one by one.
 *
 * The tree is the function leaves[clamp(idx, 0, n - 1)] (signed clamp).
 * This pass recognises it and rebuilds it from the index's bits:
 *  - 32- and 64-bit components: a select tree where every level tests one
 *    bit of the index (bitnz, one v_cmp_class on AMD), so each level's
 *    condition is shared by the whole level: log2(n) tests, n - 1 selects;
 *  - 8- and 16-bit components: the vector packed into 64-bit words, each
 *    word shifted right by idx * bit_size (NIR masks the shift count to 63,
 *    which selects the component inside the word: one v_lshrrev_b64), then
 *    a bit-tested select between the words' low dwords;
 *  - with private_memory, 8- and 16-wide vectors, and 4-wide ones of
 *    64-bit components: the components stored once to a private array
 *    (right after the last of them is defined, shared by every extract of
 *    the same components), each extract one indexed load, as LLVM does:
 *    an address and a load whatever n.
 * The clamp is omitted when range analysis proves 0 <= idx < n (shuffle
 * masks the index), so the result is the same value for every index.
 * shuffle2's bcsel(m < n, x[m & (n - 1)], y[m & (n - 1)]) over two such
 * trees is one extract of element m from the 2n values of x and y when
 * range analysis proves 0 <= m < 2n (vtn masks m with 2n - 1): one table,
 * one store of it and one load, instead of two extracts and a select.  Run
 * right after spirv_to_nir, while the trees still have vtn's shape.
 */
#include "kiln_nir_passes.h"

#include "nir_builder.h"
#include "util/hash_table.h"
#include "util/set.h"

/* shuffle2 of two 16-component vectors selects from 32 values. */
#define MAX_LEAVES (2 * NIR_MAX_VEC_COMPONENTS)

struct extract_tree {
   nir_scalar idx; /* the index, as the compares read it */
   nir_scalar leaves[MAX_LEAVES];
   nir_instr *nodes[MAX_LEAVES]; /* the bcsels, to skip once rewritten */
   unsigned num_nodes;
};

static bool
scalar_is_op(nir_scalar s, nir_op op)
{
   return nir_scalar_is_alu(s) && nir_scalar_alu_op(s) == op;
}

/* Whether s is bcsel(ilt(idx, limit), ..., ...) with a constant limit,
 * the node every select tree is built of; returns idx and limit. */
static bool
match_split(nir_scalar s, nir_scalar *idx, int64_t *limit)
{
   if (!scalar_is_op(s, nir_op_bcsel))
      return false;
   nir_scalar cond = nir_scalar_chase_movs(nir_scalar_chase_alu_src(s, 0));
   if (!scalar_is_op(cond, nir_op_ilt))
      return false;
   nir_scalar c = nir_scalar_chase_movs(nir_scalar_chase_alu_src(cond, 1));
   if (!nir_scalar_is_const(c))
      return false;
   *limit = nir_scalar_as_int(c);
   *idx = nir_scalar_chase_movs(nir_scalar_chase_alu_src(cond, 0));
   return true;
}

/* Whether s is the node of [start, end) in nir_select_from_ssa_def_array's
 * tree over t->idx; fills t->leaves[start..end). */
static bool
match_node(nir_scalar s, unsigned start, unsigned end, struct extract_tree *t)
{
   s = nir_scalar_chase_movs(s);
   if (end - start == 1) {
      t->leaves[start] = s;
      return true;
   }

   unsigned mid = start + (end - start) / 2;
   nir_scalar idx;
   int64_t limit;
   if (!match_split(s, &idx, &limit) || limit != (int64_t)mid)
      return false;
   /* A tree of at most MAX_LEAVES leaves has fewer inner nodes. */
   assert(t->num_nodes < MAX_LEAVES);
   t->nodes[t->num_nodes++] = s.def->parent_instr;
   if (t->idx.def == NULL)
      t->idx = idx;
   else if (!nir_scalar_equal(t->idx, idx))
      return false;

   return match_node(nir_scalar_chase_alu_src(s, 1), start, mid, t) &&
          match_node(nir_scalar_chase_alu_src(s, 2), mid, end, t);
}

/* The number of leaves of the tree rooted at s, or 0. */
static unsigned
match_tree(nir_scalar s, struct extract_tree *t)
{
   nir_scalar idx;
   int64_t mid;
   if (!match_split(s, &idx, &mid))
      return 0;

   /* The root splits [0, n) at n / 2: n is 2 * mid or 2 * mid + 1. */
   for (int64_t n = 2 * mid + 1; n >= 2 * mid && n >= 2; n--) {
      if (n > MAX_LEAVES)
         continue;
      memset(t, 0, sizeof(*t));
      if (match_node(s, 0, n, t))
         return n;
   }
   return 0;
}

/* Whether s is iand(m, mask) (either operand order); returns m. */
static bool
match_iand_imm(nir_scalar s, uint64_t mask, nir_scalar *m)
{
   s = nir_scalar_chase_movs(s);
   if (!scalar_is_op(s, nir_op_iand))
      return false;
   for (unsigned i = 0; i < 2; i++) {
      nir_scalar c = nir_scalar_chase_movs(nir_scalar_chase_alu_src(s, i));
      if (nir_scalar_is_const(c) && nir_scalar_as_uint(c) == mask) {
         *m = nir_scalar_chase_movs(nir_scalar_chase_alu_src(s, 1 - i));
         return true;
      }
   }
   return false;
}

/* shuffle2's shape (vtn_opencl.c handle_shuffle2): the root
 * bcsel(ilt(m, n), x[m & (n - 1)], y[m & (n - 1)]) over two extract trees
 * of n (a power of two) leaves each.  For 0 <= m < 2n, which the caller
 * proves, it is the extract of element m of the 2n leaves x, y: fills t
 * with them and returns 2n, or 0. */
static unsigned
match_concat(nir_scalar s, struct extract_tree *t)
{
   nir_scalar m;
   int64_t n;
   if (!match_split(s, &m, &n) || n < 2 || n > NIR_MAX_VEC_COMPONENTS ||
       !util_is_power_of_two_nonzero64(n))
      return 0;

   struct extract_tree half[2];
   memset(t, 0, sizeof(*t));
   for (unsigned h = 0; h < 2; h++) {
      nir_scalar src = nir_scalar_chase_movs(nir_scalar_chase_alu_src(s, 1 + h));
      nir_scalar half_m;
      if (match_tree(src, &half[h]) != n || !match_iand_imm(half[h].idx, n - 1, &half_m) ||
          !nir_scalar_equal(half_m, m))
         return 0;
      memcpy(&t->leaves[h * n], half[h].leaves, n * sizeof(t->leaves[0]));
      memcpy(&t->nodes[t->num_nodes], half[h].nodes, half[h].num_nodes * sizeof(t->nodes[0]));
      t->num_nodes += half[h].num_nodes;
   }
   assert(t->num_nodes < MAX_LEAVES);
   t->nodes[t->num_nodes++] = s.def->parent_instr;
   t->idx = m;
   return 2 * n;
}

/* bcsel over a power-of-two table, level k testing bit first_bit + k. */
static nir_def *
select_by_bits(nir_builder *b, nir_def **vals, unsigned count, nir_def *idx, unsigned first_bit)
{
   assert(util_is_power_of_two_nonzero(count) && idx->bit_size == 32);
   for (unsigned bit = first_bit; count > 1; bit++, count /= 2) {
      /* A bit test where the backend has one (AMD), else an AND. */
      nir_def *cond = b->shader->options->has_bit_test
                         ? nir_bitnz(b, idx, nir_imm_int(b, bit))
                         : nir_ine_imm(b, nir_iand_imm(b, idx, 1ull << bit), 0);
      for (unsigned i = 0; i < count / 2; i++)
         vals[i] = nir_bcsel(b, cond, vals[2 * i + 1], vals[2 * i]);
   }
   return vals[0];
}

static nir_def *
scalar_def(nir_builder *b, nir_scalar s)
{
   return nir_channel(b, s.def, s.comp);
}

static nir_def *
leaf(nir_builder *b, const struct extract_tree *t, unsigned n, unsigned i, unsigned bit_size)
{
   if (i >= n)
      return nir_undef(b, 1, bit_size);
   return scalar_def(b, t->leaves[i]);
}

/* 8- and 16-bit components: shift 64-bit words of packed components. */
static nir_def *
extract_packed(nir_builder *b, const struct extract_tree *t, unsigned n, unsigned count,
               nir_def *idx, unsigned bit_size)
{
   assert(bit_size == 8 || bit_size == 16);
   const unsigned per_dword = 32 / bit_size;
   const unsigned dwords = DIV_ROUND_UP(count, per_dword);
   /* count is a power of two of at least 4: whole 64-bit words. */
   assert(dwords == 1 || dwords % 2 == 0);
   nir_def *dword[MAX_LEAVES];
   for (unsigned d = 0; d < dwords; d++) {
      nir_def *comps[4];
      for (unsigned c = 0; c < per_dword; c++)
         comps[c] = leaf(b, t, n, d * per_dword + c, bit_size);
      nir_def *v = nir_vec(b, comps, per_dword);
      dword[d] = bit_size == 8 ? nir_pack_32_4x8(b, v) : nir_pack_32_2x16(b, v);
   }

   nir_def *shift = nir_imul_imm(b, idx, bit_size);
   if (dwords == 1)
      return nir_u2uN(b, nir_ushr(b, dword[0], shift), bit_size);

   nir_def *words[MAX_LEAVES];
   for (unsigned q = 0; q < dwords / 2; q++) {
      nir_def *w = nir_pack_64_2x32_split(b, dword[2 * q], dword[2 * q + 1]);
      words[q] = nir_unpack_64_2x32_split_x(b, nir_ushr(b, w, shift));
   }
   /* Bits below this one pick the component inside a 64-bit word. */
   unsigned first_bit = util_logbase2(2 * per_dword);
   return nir_u2uN(b, select_by_bits(b, words, dwords / 2, idx, first_bit), bit_size);
}

/* Large vectors: stored once to private memory, each extract one indexed
 * load (address and load, whatever n). */
static bool
use_memory(unsigned n, unsigned bit_size)
{
   return (bit_size <= 32 && (n == 8 || n == 16 || n == 32)) ||
          (bit_size == 64 && (n == 4 || n == 8 || n == 16 || n == 32));
}

/* A set of leaves already stored to a private array. */
struct stored_leaves {
   unsigned n;
   nir_scalar leaves[MAX_LEAVES];
   nir_variable *var;
};

struct stored_list {
   struct stored_leaves entries[32];
   unsigned count;
};

static bool
same_leaves(const struct stored_leaves *e, const struct extract_tree *t, unsigned n)
{
   if (e->n != n)
      return false;
   for (unsigned i = 0; i < n; i++) {
      if (!nir_scalar_equal(e->leaves[i], t->leaves[i]))
         return false;
   }
   return true;
}

/* Where the stores go: right after the leaf defined last, which every
 * extract of these leaves is dominated by (the leaves all dominate each
 * extract, so their blocks lie on one dominator chain). */
static nir_cursor
after_leaves(const struct extract_tree *t, unsigned n)
{
   nir_instr *last = t->leaves[0].def->parent_instr;
   for (unsigned i = 1; i < n; i++) {
      nir_instr *instr = t->leaves[i].def->parent_instr;
      if (instr->block == last->block ? instr->index > last->index
                                      : nir_block_dominates(last->block, instr->block))
         last = instr;
   }
   return last->type == nir_instr_type_phi ? nir_after_phis(last->block) : nir_after_instr(last);
}

static nir_variable *
leaves_in_memory(nir_builder *b, struct stored_list *stored, const struct extract_tree *t,
                 unsigned n)
{
   for (unsigned i = 0; i < stored->count; i++) {
      if (same_leaves(&stored->entries[i], t, n))
         return stored->entries[i].var;
   }
   if (stored->count == ARRAY_SIZE(stored->entries))
      return NULL;

   /* An array, not a vector: an indexed vector component would go back
    * to a bcsel tree in nir_lower_vars_to_ssa. */
   const unsigned bit_size = t->leaves[0].def->bit_size;
   nir_variable *var = nir_local_variable_create(
      b->impl, glsl_array_type(glsl_uintN_t_type(bit_size), n, 0), "extract_src");
   nir_builder sb = nir_builder_at(after_leaves(t, n));
   nir_deref_instr *array = nir_build_deref_var(&sb, var);
   for (unsigned i = 0; i < n; i++) {
      nir_store_deref(&sb, nir_build_deref_array_imm(&sb, array, i),
                      nir_channel(&sb, t->leaves[i].def, t->leaves[i].comp), 1);
   }

   struct stored_leaves *e = &stored->entries[stored->count++];
   e->n = n;
   memcpy(e->leaves, t->leaves, sizeof(e->leaves));
   e->var = var;
   return var;
}

static bool
index_in_range(nir_shader *shader, struct hash_table *range_ht, nir_scalar idx, unsigned n)
{
   if (idx.def->bit_size > 32)
      return false;
   return nir_unsigned_upper_bound(shader, range_ht, idx, NULL) < n;
}

static bool
rewrite_tree(nir_builder *b, nir_alu_instr *root, struct hash_table *range_ht,
             struct stored_list *stored, struct set *rewritten)
{
   /* NULL when private memory is not to be used. */
   struct extract_tree t;
   nir_scalar root_s = nir_get_scalar(&root->def, 0);
   unsigned n = match_tree(root_s, &t);
   if (n == 0) {
      /* shuffle2: only exact when the index is known to be in [0, n). */
      n = match_concat(root_s, &t);
      if (n == 0 || !index_in_range(b->shader, range_ht, t.idx, n))
         return false;
   }
   /* Two or three leaves are as cheap as the tree already is. */
   if (n < 4)
      return false;

   const unsigned bit_size = root->def.bit_size;
   if (bit_size == 1)
      return false;
   for (unsigned i = 0; i < n; i++) {
      if (t.leaves[i].def->bit_size != bit_size)
         return false;
   }

   b->cursor = nir_before_instr(&root->instr);
   nir_def *idx = scalar_def(b, t.idx);
   if (!index_in_range(b->shader, range_ht, t.idx, n))
      idx = nir_imax(b, nir_imin(b, idx, nir_imm_intN_t(b, n - 1, idx->bit_size)),
                     nir_imm_intN_t(b, 0, idx->bit_size));
   idx = nir_u2u32(b, idx);

   const unsigned count = util_next_power_of_two(n);
   assert(n <= count && count <= MAX_LEAVES);
   nir_variable *var =
      stored && use_memory(n, bit_size) ? leaves_in_memory(b, stored, &t, n) : NULL;
   nir_def *result;
   if (var) {
      /* The index has the deref's (pointer's) bit size. */
      nir_deref_instr *array = nir_build_deref_var(b, var);
      result =
         nir_load_deref(b, nir_build_deref_array(b, array, nir_u2uN(b, idx, array->def.bit_size)));
   } else if (bit_size < 32) {
      result = extract_packed(b, &t, n, count, idx, bit_size);
   } else {
      nir_def *vals[MAX_LEAVES];
      for (unsigned i = 0; i < count; i++)
         vals[i] = leaf(b, &t, n, i, bit_size);
      result = select_by_bits(b, vals, count, idx, 0);
   }
   for (unsigned i = 0; i < t.num_nodes; i++)
      _mesa_set_add(rewritten, t.nodes[i]);
   nir_def_replace(&root->def, result);
   return true;
}

static bool
opt_impl(nir_function_impl *impl, bool private_memory)
{
   bool progress = false;
   nir_builder b = nir_builder_create(impl);
   struct hash_table *range_ht = _mesa_pointer_hash_table_create(NULL);
   struct set *rewritten = _mesa_pointer_set_create(NULL);
   struct stored_list *stored = private_memory ? calloc(1, sizeof(*stored)) : NULL;
   nir_metadata_require(impl, nir_metadata_dominance | nir_metadata_instr_index);

   /* Roots come after their subtrees: walk backwards, and skip the nodes
    * of trees already rewritten (DCE removes them). */
   nir_foreach_block_reverse(block, impl)
   {
      nir_foreach_instr_reverse_safe(instr, block)
      {
         if (instr->type != nir_instr_type_alu)
            continue;
         nir_alu_instr *alu = nir_instr_as_alu(instr);
         if (alu->op != nir_op_bcsel || alu->def.num_components != 1 ||
             _mesa_set_search(rewritten, instr))
            continue;
         progress |= rewrite_tree(&b, alu, range_ht, stored, rewritten);
      }
   }

   _mesa_hash_table_destroy(range_ht, NULL);
   _mesa_set_destroy(rewritten, NULL);
   free(stored);
   nir_metadata_preserve(impl, progress ? nir_metadata_control_flow : nir_metadata_all);
   return progress;
}

bool
kiln_nir_opt_vector_extract(nir_shader *nir, bool private_memory)
{
   bool progress = false;
   nir_foreach_function_impl (impl, nir)
      progress |= opt_impl(impl, private_memory);
   if (progress)
      nir_opt_dce(nir);
   return progress;
}
