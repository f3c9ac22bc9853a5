/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Unit tests for kiln's image and sampler passes, against the rules
 * kiln_amd_abi.h states rather than against the passes' code:
 *  - kiln_nir_lower_image_args: image and sampler arguments get descriptor
 *    slots past the explicit arguments, 16-byte aligned, in argument
 *    order, 48 bytes an image and 16 a sampler; each image access reads
 *    its slot's T# (an image buffer's V#: 4 dwords), each sampled read the
 *    T# and the sampler's S#, get_image_channel_data_type/_order the two
 *    dwords after the descriptor;
 *  - kiln_nir_lower_inline_samplers: a literal sampler becomes the S# the
 *    target's builder returns for its SPIR-V properties, and its variable
 *    goes;
 *  - kiln_nir_lower_image_16bit: a half image value read or written is
 *    the float value converted once (folded and compared with Mesa's
 *    own float/half conversions);
 *  - kiln_nir_lower_image_bindings: a Gallium front end's texture, image
 *    and sampler indices read the binding table's slots in that order.
 */
#include <stdio.h>

#include "compiler/glsl_types.h"
#include "kiln_amd_abi.h"
#include "kiln_nir_passes.h"
#include "nir_builder.h"
#include "nir_pass_test.h"
#include "util/half_float.h"

static const nir_shader_compiler_options options = { 0 };

static nir_variable *
arg_var(nir_shader *s, nir_variable_mode mode, const struct glsl_type *type, int location,
        unsigned driver_location, const char *name)
{
   nir_variable *var = nir_variable_create(s, mode, type, name);
   var->data.location = location;
   var->data.driver_location = driver_location;
   return var;
}

static const struct glsl_type *
image_type(enum glsl_sampler_dim dim, bool array)
{
   return glsl_image_type(dim, array, GLSL_TYPE_FLOAT);
}

/* The kernarg offset and dwords of the load_kernel_input feeding def. */
static bool
kernel_input_of(nir_def *def, unsigned *base, unsigned *dwords)
{
   nir_instr *parent = def->parent_instr;
   if (parent->type != nir_instr_type_intrinsic)
      return false;
   nir_intrinsic_instr *load = nir_instr_as_intrinsic(parent);
   if (load->intrinsic != nir_intrinsic_load_kernel_input || !nir_src_is_const(load->src[0]))
      return false;
   *base = nir_intrinsic_base(load) + nir_src_as_uint(load->src[0]);
   *dwords = load->def.num_components * load->def.bit_size / 32;
   return true;
}

static nir_def *
coord(nir_builder *b)
{
   return nir_imm_ivec4(b, 1, 2, 0, 0);
}

/* The value a store_global at addr stores, once folded, as bits. */
static bool
stored_bits(nir_shader *s, uint64_t addr, unsigned comp, uint64_t *bits, unsigned *bit_size)
{
   nir_intrinsic_instr *st = nir_test_find_store(s, addr);
   if (!st)
      return false;
   nir_scalar v = nir_scalar_resolved(st->src[0].ssa, comp);
   if (!nir_scalar_is_const(v))
      return false;
   *bits = nir_scalar_as_uint(v);
   *bit_size = st->src[0].ssa->bit_size;
   return true;
}

/* kernel(int a, image2d_t img, global float *p, sampler_t s, image3d_t vol,
 *        image1d_buffer_t buf): the explicit arguments end at 16 bytes. */
static void
test_slots_in_argument_order(void)
{
   nir_builder b = nir_test_kernel(&options, "image_slots");
   nir_shader *s = b.shader;
   arg_var(s, nir_var_uniform, glsl_int_type(), 0, 0, "a");
   nir_variable *img =
      arg_var(s, nir_var_image, image_type(GLSL_SAMPLER_DIM_2D, false), 1, 0, "img");
   arg_var(s, nir_var_uniform, glsl_uint64_t_type(), 2, 8, "p");
   nir_variable *smp = arg_var(s, nir_var_uniform, glsl_bare_sampler_type(), 3, 16, "s");
   nir_variable *vol =
      arg_var(s, nir_var_image, image_type(GLSL_SAMPLER_DIM_3D, false), 4, 0, "vol");
   nir_variable *buf =
      arg_var(s, nir_var_image, image_type(GLSL_SAMPLER_DIM_BUF, false), 5, 0, "buf");

   nir_def *texel = nir_image_deref_load(
      &b, 4, 32, &nir_build_deref_var(&b, img)->def, coord(&b), nir_undef(&b, 1, 32),
      nir_imm_int(&b, 0), .image_dim = GLSL_SAMPLER_DIM_2D, .dest_type = nir_type_float32);
   nir_image_deref_store(&b, &nir_build_deref_var(&b, buf)->def, coord(&b), nir_undef(&b, 1, 32),
                         texel, nir_imm_int(&b, 0), .image_dim = GLSL_SAMPLER_DIM_BUF,
                         .src_type = nir_type_float32);
   nir_def *size = nir_image_deref_size(&b, 3, 32, &nir_build_deref_var(&b, vol)->def,
                                        nir_imm_int(&b, 0), .image_dim = GLSL_SAMPLER_DIM_3D);
   nir_def *fmt = nir_image_deref_format(&b, 32, &nir_build_deref_var(&b, vol)->def,
                                         .image_dim = GLSL_SAMPLER_DIM_3D);
   nir_def *order = nir_image_deref_order(&b, 32, &nir_build_deref_var(&b, img)->def,
                                          .image_dim = GLSL_SAMPLER_DIM_2D);
   nir_store_global(&b, nir_imm_int64(&b, 0x1000), 4, size, 0x7);
   nir_store_global(&b, nir_imm_int64(&b, 0x2000), 4, fmt, 0x1);
   nir_store_global(&b, nir_imm_int64(&b, 0x3000), 4, order, 0x1);

   CHECK(kiln_nir_lower_image_args(s), "no progress");
   nir_validate_shader(s, "after kiln_nir_lower_image_args");

   /* Slots from 16: img [16, 64), s [64, 80), vol [80, 128), buf [128, 176). */
   CHECK_EQ_INT("img slot", img->data.driver_location, 16);
   CHECK_EQ_INT("sampler slot", smp->data.driver_location, 64);
   CHECK_EQ_INT("vol slot", vol->data.driver_location, 80);
   CHECK_EQ_INT("buf slot", buf->data.driver_location, 128);
   CHECK_EQ_INT("image slot bytes", kiln_nir_image_arg_slot_size(img), 48);
   CHECK_EQ_INT("sampler slot bytes", kiln_nir_image_arg_slot_size(smp), 16);

   unsigned base, dwords;
   nir_intrinsic_instr *load = nir_test_find_intrinsic(s, nir_intrinsic_bindless_image_load);
   CHECK(load && kernel_input_of(load->src[0].ssa, &base, &dwords) && base == 16 && dwords == 8,
         "image load's descriptor: %s", load ? "not img's T#" : "no bindless load");
   if (load)
      CHECK(nir_intrinsic_image_dim(load) == GLSL_SAMPLER_DIM_2D, "load lost its dim");

   nir_intrinsic_instr *store = nir_test_find_intrinsic(s, nir_intrinsic_bindless_image_store);
   CHECK(store && kernel_input_of(store->src[0].ssa, &base, &dwords) && base == 128 && dwords == 4,
         "buffer store's descriptor: %s", store ? "not buf's V#" : "no bindless store");

   nir_intrinsic_instr *sz = nir_test_find_intrinsic(s, nir_intrinsic_bindless_image_size);
   CHECK(sz && kernel_input_of(sz->src[0].ssa, &base, &dwords) && base == 80 && dwords == 8,
         "size query's descriptor: %s", sz ? "not vol's T#" : "no bindless size");

   CHECK_EQ_INT("image_deref_* left",
                nir_test_count_intrinsic(s, nir_intrinsic_image_deref_load) +
                   nir_test_count_intrinsic(s, nir_intrinsic_image_deref_store) +
                   nir_test_count_intrinsic(s, nir_intrinsic_image_deref_size) +
                   nir_test_count_intrinsic(s, nir_intrinsic_image_deref_format) +
                   nir_test_count_intrinsic(s, nir_intrinsic_image_deref_order),
                0);

   /* The format and order queries read the slot's dwords 8 and 9, which
    * hold OpenCL's enums, and return SPIR-V's: CL_UNORM_INT16 (0x10d3) is
    * ImageChannelDataTypeUnormInt16 (3), CL_BGRA (0x10b6) is
    * ImageChannelOrderBGRA (6). */
   const unsigned slot_field[2] = { 80 + 32, 16 + 36 };
   const uint32_t stored[2] = { 0x10d3, 0x10b6 }, spirv[2] = { 3, 6 };
   unsigned found = 0;
   nir_test_foreach_instr_safe(instr, s)
   {
      if (instr->type != nir_instr_type_intrinsic)
         continue;
      nir_intrinsic_instr *ld = nir_instr_as_intrinsic(instr);
      if (ld->intrinsic != nir_intrinsic_load_kernel_input || ld->def.num_components != 1)
         continue;
      for (unsigned i = 0; i < 2; i++) {
         if ((unsigned)nir_intrinsic_base(ld) != slot_field[i])
            continue;
         b.cursor = nir_before_instr(instr);
         nir_def_replace(&ld->def, nir_imm_int(&b, stored[i]));
         found |= 1u << i;
         break;
      }
   }
   CHECK(found == 3, "loads of the format and order fields: mask %u", found);
   nir_test_fold(s, NIR_TEST_FOLD_ALGEBRAIC);
   for (unsigned i = 0; i < 2; i++) {
      uint64_t bits;
      unsigned bit_size;
      CHECK(stored_bits(s, i ? 0x3000 : 0x2000, 0, &bits, &bit_size) && bits == spirv[i],
            "%s query returns %llu, want %u", i ? "order" : "format", (unsigned long long)bits,
            spirv[i]);
   }
   nir_test_free(s);
}

static nir_tex_instr *
build_sample(nir_builder *b, nir_variable *img, nir_variable *smp)
{
   nir_tex_instr *tex = nir_tex_instr_create(b->shader, 4);
   tex->op = nir_texop_txl;
   tex->sampler_dim = GLSL_SAMPLER_DIM_2D;
   tex->dest_type = nir_type_float32;
   tex->coord_components = 2;
   tex->src[0] = nir_tex_src_for_ssa(nir_tex_src_coord, nir_imm_vec2(b, 0.25f, 0.75f));
   tex->src[1] = nir_tex_src_for_ssa(nir_tex_src_lod, nir_imm_float(b, 0));
   tex->src[2] = nir_tex_src_for_ssa(nir_tex_src_texture_deref, &nir_build_deref_var(b, img)->def);
   tex->src[3] = nir_tex_src_for_ssa(nir_tex_src_sampler_deref, &nir_build_deref_var(b, smp)->def);
   nir_def_init(&tex->instr, &tex->def, 4, 32);
   nir_builder_instr_insert(b, &tex->instr);
   nir_store_global(b, nir_imm_int64(b, 0x1000), 16, &tex->def, 0xf);
   return tex;
}

static nir_def *
tex_src(nir_tex_instr *tex, nir_tex_src_type type)
{
   const int i = nir_tex_instr_src_index(tex, type);
   return i < 0 ? NULL : tex->src[i].src.ssa;
}

/* kernel(sampler_t s, read_only image2d_t img): read_imagef(img, s, coord). */
static void
test_sample_reads_both_slots(void)
{
   nir_builder b = nir_test_kernel(&options, "image_sample");
   nir_variable *smp = arg_var(b.shader, nir_var_uniform, glsl_bare_sampler_type(), 0, 0, "s");
   nir_variable *img =
      arg_var(b.shader, nir_var_image, image_type(GLSL_SAMPLER_DIM_2D, false), 1, 0, "img");
   nir_tex_instr *tex = build_sample(&b, img, smp);

   kiln_nir_lower_image_args(b.shader);
   nir_validate_shader(b.shader, "after kiln_nir_lower_image_args");
   unsigned base, dwords;
   nir_def *t = tex_src(tex, nir_tex_src_texture_handle);
   nir_def *sd = tex_src(tex, nir_tex_src_sampler_handle);
   /* The sampler's 1-byte uniform slot does not count: slots from 0. */
   CHECK(t && kernel_input_of(t, &base, &dwords) && base == 16 && dwords == 8,
         "texture handle is not img's T# at 16");
   CHECK(sd && kernel_input_of(sd, &base, &dwords) && base == 0 && dwords == 4,
         "sampler handle is not s's S# at 0");
   CHECK(!tex_src(tex, nir_tex_src_texture_deref) && !tex_src(tex, nir_tex_src_sampler_deref),
         "derefs left on the sample");
   nir_test_free(b.shader);
}

struct built_sampler {
   unsigned calls, addressing, filter;
   bool normalized;
};

/* A stand-in for the target's S# builder: the properties, recognisably. */
static void
fake_sampler_desc(unsigned addressing_mode, bool normalized_coords, unsigned filter_mode,
                  uint32_t desc[4], void *data)
{
   struct built_sampler *seen = data;
   seen->calls++;
   seen->addressing = addressing_mode;
   seen->normalized = normalized_coords;
   seen->filter = filter_mode;
   desc[0] = 0x5a000000 | addressing_mode;
   desc[1] = normalized_coords;
   desc[2] = 0x5b000000 | filter_mode;
   desc[3] = 0xdeadbeef;
}

/* const sampler_t s = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT |
 * CLK_FILTER_LINEAR; read_imagef(img, s, coord); */
static void
test_literal_sampler_is_constant(void)
{
   nir_builder b = nir_test_kernel(&options, "literal_sampler");
   nir_variable *img =
      arg_var(b.shader, nir_var_image, image_type(GLSL_SAMPLER_DIM_2D, false), 0, 0, "img");
   nir_variable *smp =
      nir_variable_create(b.shader, nir_var_uniform, glsl_bare_sampler_type(), "literal");
   smp->data.sampler.is_inline_sampler = true;
   smp->data.sampler.addressing_mode = 3; /* SamplerAddressingModeRepeat */
   smp->data.sampler.normalized_coordinates = true;
   smp->data.sampler.filter_mode = 1; /* SamplerFilterModeLinear */
   nir_tex_instr *tex = build_sample(&b, img, smp);

   kiln_nir_lower_image_args(b.shader);
   CHECK(tex_src(tex, nir_tex_src_sampler_deref) != NULL,
         "kiln_nir_lower_image_args took the literal sampler");
   CHECK_EQ_INT("image slot with a literal sampler", img->data.driver_location, 0);

   struct built_sampler seen = { 0 };
   const struct kiln_nir_inline_sampler_options opts = { fake_sampler_desc, &seen };
   CHECK(kiln_nir_lower_inline_samplers(b.shader, &opts), "no progress");
   nir_validate_shader(b.shader, "after kiln_nir_lower_inline_samplers");

   CHECK(seen.calls == 1 && seen.addressing == 3 && seen.normalized && seen.filter == 1,
         "builder called %u times with (%u, %d, %u)", seen.calls, seen.addressing, seen.normalized,
         seen.filter);
   nir_def *sd = tex_src(tex, nir_tex_src_sampler_handle);
   const bool is_const =
      sd && sd->parent_instr->type == nir_instr_type_load_const && sd->num_components == 4;
   CHECK(is_const, "the sampler handle is not a constant vec4");
   if (is_const) {
      static const uint32_t want[4] = { 0x5a000003u, 1u, 0x5b000001u, 0xdeadbeefu };
      const nir_load_const_instr *lc = nir_instr_as_load_const(sd->parent_instr);
      for (unsigned c = 0; c < 4; c++)
         CHECK_EQ32("S# dword", nir_const_value_as_uint(lc->value[c], 32), want[c]);
   }
   unsigned samplers = 0;
   nir_foreach_variable_with_modes (var, b.shader, nir_var_uniform)
      samplers += glsl_type_is_sampler(var->type);
   CHECK_EQ_INT("literal sampler variables left", samplers, 0);
   nir_test_free(b.shader);
}

/* read_imageh: the 16-bit load becomes a 32-bit one; the half the kernel
 * gets is the float the image returned, rounded once to nearest even. */
static void
test_half_read_is_float_rounded(void)
{
   static const float returned[4] = { 1.0f / 3.0f, -65519.0f, 6.1e-5f, 1e-8f };
   nir_builder b = nir_test_kernel(&options, "read_imageh");
   nir_def *desc = nir_load_kernel_input(&b, 8, 32, nir_imm_int(&b, 0), .base = 0);
   nir_def *h =
      nir_bindless_image_load(&b, 4, 16, desc, coord(&b), nir_undef(&b, 1, 32), nir_imm_int(&b, 0),
                              .image_dim = GLSL_SAMPLER_DIM_2D, .dest_type = nir_type_float16);
   nir_store_global(&b, nir_imm_int64(&b, 0x1000), 8, h, 0xf);

   CHECK(kiln_nir_lower_image_16bit(b.shader), "no progress");
   nir_validate_shader(b.shader, "after kiln_nir_lower_image_16bit");
   nir_intrinsic_instr *load = nir_test_find_intrinsic(b.shader, nir_intrinsic_bindless_image_load);
   CHECK(load && load->def.bit_size == 32 && nir_intrinsic_dest_type(load) == nir_type_float32,
         "the image load is not a 32-bit float load");
   if (!load) {
      nir_test_free(b.shader);
      return;
   }
   b.cursor = nir_after_instr(&load->instr);
   nir_def *value = nir_imm_vec4(&b, returned[0], returned[1], returned[2], returned[3]);
   nir_def_rewrite_uses(&load->def, value);
   nir_instr_remove(&load->instr);
   nir_test_fold(b.shader, 0);

   for (unsigned c = 0; c < 4; c++) {
      uint64_t bits;
      unsigned bit_size;
      CHECK(stored_bits(b.shader, 0x1000, c, &bits, &bit_size) && bit_size == 16 &&
               bits == _mesa_float_to_half(returned[c]),
            "component %u: stored 0x%llx, want 0x%04x", c, (unsigned long long)bits,
            _mesa_float_to_half(returned[c]));
   }
   nir_test_free(b.shader);
}

/* write_imageh: the store takes the halves widened to float, exactly. */
static void
test_half_write_is_exact_float(void)
{
   static const uint16_t halves[4] = { 0x3555, 0xfbff, 0x0001, 0x8000 };
   nir_builder b = nir_test_kernel(&options, "write_imageh");
   nir_def *desc = nir_load_kernel_input(&b, 8, 32, nir_imm_int(&b, 0), .base = 0);
   nir_def *data = nir_load_global(&b, nir_imm_int64(&b, 0x2000), 8, 4, 16);
   nir_bindless_image_store(&b, desc, coord(&b), nir_undef(&b, 1, 32), data, nir_imm_int(&b, 0),
                            .image_dim = GLSL_SAMPLER_DIM_2D, .src_type = nir_type_float16);

   CHECK(kiln_nir_lower_image_16bit(b.shader), "no progress");
   nir_validate_shader(b.shader, "after kiln_nir_lower_image_16bit");
   nir_const_value v[4];
   for (unsigned c = 0; c < 4; c++)
      v[c] = nir_const_value_for_uint(halves[c], 16);
   CHECK(nir_test_set_load(b.shader, 0x2000, 4, 16, v), "no load of the halves");
   nir_test_fold(b.shader, 0);

   nir_intrinsic_instr *store =
      nir_test_find_intrinsic(b.shader, nir_intrinsic_bindless_image_store);
   CHECK(store && store->src[3].ssa->bit_size == 32 &&
            nir_intrinsic_src_type(store) == nir_type_float32,
         "the image store does not take 32-bit floats");
   if (store) {
      for (unsigned c = 0; c < 4; c++) {
         nir_scalar s = nir_scalar_resolved(store->src[3].ssa, c);
         const float want = _mesa_half_to_float(halves[c]);
         CHECK(nir_scalar_is_const(s) && nir_scalar_as_float(s) == want,
               "component %u: not the constant %g", c, want);
      }
   }
   nir_test_free(b.shader);
}

/* A Gallium front end's bindings: read-only images as textures 0 and 1,
 * a writable one as image 0, sampler 2 (literal samplers take sampler
 * slots too): the table at 48 holds textures 0-1, then image 0, then
 * samplers 0-2 (kiln_amd_abi.h's binding table). */
static void
test_bindings_table(void)
{
   nir_builder b = nir_test_kernel(&options, "bindings");
   nir_tex_instr *tex = nir_tex_instr_create(b.shader, 2);
   tex->op = nir_texop_txl;
   tex->sampler_dim = GLSL_SAMPLER_DIM_2D;
   tex->dest_type = nir_type_float32;
   tex->coord_components = 2;
   tex->texture_index = 1;
   tex->sampler_index = 2;
   tex->src[0] = nir_tex_src_for_ssa(nir_tex_src_coord, nir_imm_vec2(&b, 0.5f, 0.5f));
   tex->src[1] = nir_tex_src_for_ssa(nir_tex_src_lod, nir_imm_float(&b, 0));
   nir_def_init(&tex->instr, &tex->def, 4, 32);
   nir_builder_instr_insert(&b, &tex->instr);

   nir_tex_instr *fetch = nir_tex_instr_create(b.shader, 2);
   fetch->op = nir_texop_txf;
   fetch->sampler_dim = GLSL_SAMPLER_DIM_BUF;
   fetch->dest_type = nir_type_float32;
   fetch->coord_components = 1;
   fetch->texture_index = 0;
   fetch->src[0] = nir_tex_src_for_ssa(nir_tex_src_coord, nir_imm_int(&b, 3));
   fetch->src[1] = nir_tex_src_for_ssa(nir_tex_src_lod, nir_imm_int(&b, 0));
   nir_def_init(&fetch->instr, &fetch->def, 4, 32);
   nir_builder_instr_insert(&b, &fetch->instr);

   nir_image_store(&b, nir_imm_int(&b, 0), coord(&b), nir_undef(&b, 1, 32),
                   nir_fadd(&b, &tex->def, &fetch->def), nir_imm_int(&b, 0),
                   .image_dim = GLSL_SAMPLER_DIM_2D, .src_type = nir_type_float32);

   struct kiln_nir_image_bindings bindings = { .table_offset = 48 };
   CHECK(kiln_nir_lower_image_bindings(b.shader, &bindings), "no progress");
   nir_validate_shader(b.shader, "after kiln_nir_lower_image_bindings");
   CHECK(bindings.num_textures == 2 && bindings.num_images == 1 && bindings.num_samplers == 3,
         "slots read: %u textures, %u images, %u samplers", bindings.num_textures,
         bindings.num_images, bindings.num_samplers);
   CHECK_EQ_INT("table bytes", kiln_nir_image_binding_table_size(&bindings), 3 * 32 + 3 * 16);

   unsigned base, dwords;
   nir_def *t = tex_src(tex, nir_tex_src_texture_handle);
   nir_def *sd = tex_src(tex, nir_tex_src_sampler_handle);
   CHECK(t && kernel_input_of(t, &base, &dwords) && base == 48 + 32 && dwords == 8,
         "texture 1's T# not at 80");
   CHECK(sd && kernel_input_of(sd, &base, &dwords) && base == 48 + 96 + 2 * 16 && dwords == 4,
         "sampler 2's S# not at 176");
   nir_def *ft = tex_src(fetch, nir_tex_src_texture_handle);
   CHECK(ft && kernel_input_of(ft, &base, &dwords) && base == 48 && dwords == 4,
         "the buffer texture's V# not at 48");
   CHECK(!tex_src(fetch, nir_tex_src_sampler_handle), "a fetch got a sampler");
   nir_intrinsic_instr *store =
      nir_test_find_intrinsic(b.shader, nir_intrinsic_bindless_image_store);
   CHECK(
      store && kernel_input_of(store->src[0].ssa, &base, &dwords) && base == 48 + 64 && dwords == 8,
      "image 0's T# not at 112");
   CHECK_EQ_INT("image_store left", nir_test_count_intrinsic(b.shader, nir_intrinsic_image_store),
                0);
   nir_test_free(b.shader);
}

int
main(void)
{
   nir_test_init();
   test_slots_in_argument_order();
   test_sample_reads_both_slots();
   test_literal_sampler_is_constant();
   test_half_read_is_float_rounded();
   test_half_write_is_exact_float();
   test_bindings_table();
   return nir_test_finish();
}
