/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Device-side enqueue (OpenCL C 2.0 §6.13.17) at SPIR-V level, before
 * validation and spirv_to_nir, which refuses the DeviceEnqueue capability,
 * its types and every one of its instructions.  LLVM's translator already
 * makes each enqueued block an entry point of its own
 * ("__<parent>_block_invoke_kernel", taking the block literal); this pass
 * rewrites the rest into ordinary SPIR-V:
 *
 *  - queue_t and clk_event_t (OpTypeQueue, OpTypeDeviceEvent) become
 *    64-bit integers: the queue's address and an event handle
 *    (include/kiln_device_queue_abi.h), with the types that become
 *    identical to others merged into them, as validation requires;
 *  - OpBuildNDRange builds the ndrange_t struct from its scalar or array
 *    operands;
 *  - OpEnqueueKernel calls kiln_enqueue_kernel of kiln's device library
 *    (shaders/kiln_device_queue.cl) with the invoke kernel's index among
 *    the module's entry points, the ndrange's address, the wait list, the
 *    literal and its size and alignment, and the __local sizes read
 *    through the pointers the translator passes;
 *  - get_default_queue, enqueue_marker, the event functions and
 *    capture_event_profiling_info call the library's functions of the same
 *    job, declared here with Import linkage (which spirv_to_nir takes, and
 *    kiln links the library's bodies into);
 *  - get_kernel_work_group_size and
 *    get_kernel_preferred_work_group_size_multiple become the constants
 *    kiln guarantees: the device's largest work-group, and the wave size;
 *    the sub-group queries for an ndrange call the library, which knows
 *    the work-group size an ndrange without one gets;
 *  - the block invoke kernels take their literal as a global pointer (it
 *    is the device queue's copy), so that reading the captures needs no
 *    test of the generic pointer's address space;
 *  - a kernel's queue_t arguments read the default queue: a device has
 *    one device queue per context (CL_DEVICE_MAX_ON_DEVICE_QUEUES), the
 *    default, so that is the queue any such argument names.
 *
 * It also lists the block kernels, which the compiler checks are the
 * program's kernels of the indices the records carry.
 */
#include <stdlib.h>
#include <string.h>

#include "kiln_compiler_internal.h"
#include "kiln_device_queue_abi.h"
#include "kiln_spirv_module.h"

#include "util/macros.h"
#include "util/u_dynarray.h"

#define kDefaultMaxIdBound kiln_spirv_enqueue_max_id_bound
#include "spirv-tools/libspirv.h"

/* What get_kernel_work_group_size() promises for every block: kiln
 * launches up to 1024 work-items in a group on every target. */
#define KILN_DQ_MAX_WORK_GROUP_SIZE 1024

struct rewrite {
   /* The module read and the module written. */
   struct kiln_spirv_module m;
   /* Per id of the module read. */
   uint32_t *remap;       /* the id that replaces it, or 0 */
   bool *dropped;         /* its definition was merged into another */
   uint32_t *entry_index; /* a function's entry point index + 1 */
   bool *entry_point;     /* an OpEntryPoint's function */
   unsigned num_entry_points;
   struct util_dynarray entry_names; /* const char *, into the module */
   struct util_dynarray blocks;      /* uint32_t: the entry points enqueued */

   bool has_linkage;
   bool in_function;
   /* An entry point's generic pointer parameters, retyped as global:
    * (generic id, global id) pairs to cast back at the top of its body. */
   struct util_dynarray casts;
   bool casts_pending;
   /* queue_t parameters of entry points: the device has one device queue
    * (the default one) per context, so such a kernel argument can only
    * name it; its uses read the default queue (original ids, defined by
    * calls when the casts are emitted). */
   uint32_t queue_type; /* OpTypeQueue's id, or 0 */
   bool entry_params;   /* in an entry point's parameters */
   struct util_dynarray queue_params;

   struct util_dynarray imports; /* struct import */
   unsigned wave_size;
   bool failed;
   const char *source_name;
   struct kiln_log *log;
};

struct import {
   const char *name;
   uint32_t id;
};

static bool
fail(struct rewrite *r, const char *what, uint32_t id)
{
   if (!r->failed) {
      kiln_log_append(r->log, "error: %s: device-side enqueue: %s (SPIR-V id %u)\n",
                      r->source_name ? r->source_name : "input", what, id);
   }
   r->failed = true;
   return false;
}

static uint32_t
mapped(const struct rewrite *r, uint32_t id)
{
   while (id < r->m.input_bound && r->remap[id])
      id = r->remap[id];
   return id;
}

static uint32_t
type_of(const struct rewrite *r, uint32_t id)
{
   return mapped(r, kiln_spirv_type_of(&r->m, id));
}

/* A type as written. */
static const uint32_t *
type_def(const struct rewrite *r, uint32_t type)
{
   return kiln_spirv_written(&r->m, mapped(r, type));
}

static SpvOp
type_op(const struct rewrite *r, uint32_t type)
{
   const uint32_t *w = type_def(r, type);
   return w ? kiln_spirv_op(w) : SpvOpNop;
}

/* An integer constant's value, 0 for any other id. */
static uint64_t
const_value(const struct rewrite *r, uint32_t id)
{
   uint64_t value = 0;
   kiln_spirv_int_constant(&r->m, id, &value);
   return value;
}

static void
emit(struct rewrite *r, enum kiln_spirv_section section, SpvOp op, const uint32_t *operands,
     unsigned n)
{
   kiln_spirv_emit_op(&r->m, section, op, operands, n);
}

/* Writes a type instruction of the module read (result id words[1])
 * unless one equal to it was, in which case its id stands for that one
 * from now on. */
static void
define_type(struct rewrite *r, const uint32_t *words)
{
   const uint32_t same = kiln_spirv_find(&r->m, words);
   if (same) {
      r->remap[words[1]] = same;
      r->dropped[words[1]] = true;
      return;
   }
   kiln_spirv_emit(&r->m, KILN_SPIRV_GLOBALS, words);
}

static uint32_t
get_void(struct rewrite *r)
{
   return kiln_spirv_get_type(&r->m, SpvOpTypeVoid, NULL, 0);
}

static uint32_t
get_pointer(struct rewrite *r, uint32_t storage, uint32_t pointee)
{
   const uint32_t ops[] = { storage, pointee };
   return kiln_spirv_get_type(&r->m, SpvOpTypePointer, ops, 2);
}

static uint32_t
get_constant(struct rewrite *r, uint32_t type, uint64_t value)
{
   return kiln_spirv_get_constant(&r->m, mapped(r, type), value);
}

/* A library function, declared with Import linkage on first use. */
static uint32_t
get_import(struct rewrite *r, const char *name, uint32_t ret, const uint32_t *params,
           unsigned num_params)
{
   util_dynarray_foreach (&r->imports, struct import, imp) {
      if (!strcmp(imp->name, name))
         return imp->id;
   }
   uint32_t fn_ops[32];
   assert(num_params + 1 <= ARRAY_SIZE(fn_ops));
   fn_ops[0] = ret;
   memcpy(fn_ops + 1, params, num_params * 4);
   const uint32_t fn_type = kiln_spirv_get_type(&r->m, SpvOpTypeFunction, fn_ops, num_params + 1);
   const uint32_t id = kiln_spirv_new_id(&r->m);

   const uint32_t head[] = { ret, id, SpvFunctionControlMaskNone, fn_type };
   emit(r, KILN_SPIRV_FUNCTION_DECLARATIONS, SpvOpFunction, head, 4);
   for (unsigned i = 0; i < num_params; i++) {
      const uint32_t p[] = { params[i], kiln_spirv_new_id(&r->m) };
      emit(r, KILN_SPIRV_FUNCTION_DECLARATIONS, SpvOpFunctionParameter, p, 2);
   }
   emit(r, KILN_SPIRV_FUNCTION_DECLARATIONS, SpvOpFunctionEnd, NULL, 0);

   /* vtn names a function by its OpName, and kiln links the library's
    * function of that name. */
   kiln_spirv_emit_string_op(&r->m, KILN_SPIRV_DEBUG_NAMES, SpvOpName, &id, 1, name, NULL, 0);
   /* OpDecorate %id LinkageAttributes "name" Import */
   const uint32_t target[] = { id, SpvDecorationLinkageAttributes };
   const uint32_t import = SpvLinkageTypeImport;
   kiln_spirv_emit_string_op(&r->m, KILN_SPIRV_ANNOTATIONS, SpvOpDecorate, target, 2, name, &import,
                             1);

   struct import imp = { name, id };
   util_dynarray_append(&r->imports, struct import, imp);
   return id;
}

/* A value computed in the current function: its result id. */
static uint32_t
value(struct rewrite *r, SpvOp op, uint32_t type, const uint32_t *operands, unsigned n)
{
   uint32_t words[32];
   assert(n + 2 <= ARRAY_SIZE(words));
   words[0] = type;
   words[1] = kiln_spirv_new_id(&r->m);
   memcpy(words + 2, operands, n * 4);
   emit(r, KILN_SPIRV_FUNCTIONS, op, words, n + 2);
   return words[1];
}

static uint32_t
extract(struct rewrite *r, uint32_t type, uint32_t composite, unsigned i, int j)
{
   const uint32_t ops[] = { composite, i, (uint32_t)j };
   return value(r, SpvOpCompositeExtract, type, ops, j < 0 ? 2 : 3);
}

/* id as a pointer of storage class storage to pointee, cast as needed. */
static uint32_t
coerce_pointer(struct rewrite *r, uint32_t id, uint32_t storage, uint32_t pointee)
{
   const uint32_t want = get_pointer(r, storage, pointee);
   const uint32_t *t = type_def(r, type_of(r, id));
   if (!t || kiln_spirv_op(t) != SpvOpTypePointer) {
      fail(r, "a pointer operand that is not a pointer", id);
      return 0;
   }
   if (type_of(r, id) == want)
      return id;
   if (t[2] != storage) {
      if (storage == SpvStorageClassGeneric) {
         const uint32_t generic = get_pointer(r, SpvStorageClassGeneric, t[3]);
         id = value(r, SpvOpPtrCastToGeneric, generic, &id, 1);
      } else if (t[2] == SpvStorageClassGeneric) {
         const uint32_t named = get_pointer(r, storage, t[3]);
         id = value(r, SpvOpGenericCastToPtr, named, &id, 1);
      } else {
         fail(r, "a pointer operand in an address space the function does not take", id);
         return 0;
      }
   }
   return value(r, SpvOpBitcast, want, &id, 1);
}

static uint32_t
call(struct rewrite *r, uint32_t result, uint32_t ret, uint32_t fn, const uint32_t *args,
     unsigned n)
{
   uint32_t words[32];
   assert(n + 3 <= ARRAY_SIZE(words));
   words[0] = ret;
   words[1] = result ? result : kiln_spirv_new_id(&r->m);
   words[2] = fn;
   memcpy(words + 3, args, n * 4);
   emit(r, KILN_SPIRV_FUNCTIONS, SpvOpFunctionCall, words, n + 3);
   return words[1];
}

/* The three size_t values of an OpBuildNDRange operand: a scalar (1D) or
 * an array of work_dim; the dimensions it lacks are `pad`. */
static bool
ndrange_values(struct rewrite *r, uint32_t id, unsigned work_dim, uint64_t pad, uint32_t out[3])
{
   const uint32_t size_t_type = kiln_spirv_get_int_type(&r->m, 64);
   const uint32_t *t = type_def(r, type_of(r, id));
   if (t && kiln_spirv_op(t) == SpvOpTypeInt && t[2] == 64 && work_dim == 1) {
      out[0] = id;
   } else if (t && kiln_spirv_op(t) == SpvOpTypeArray && type_op(r, t[2]) == SpvOpTypeInt &&
              type_def(r, t[2])[2] == 64 && const_value(r, t[3]) == work_dim) {
      for (unsigned d = 0; d < work_dim; d++)
         out[d] = extract(r, size_t_type, id, d, -1);
   } else {
      return fail(r,
                  "an ndrange operand that is not a size_t or an array of size_t of the "
                  "ndrange's dimensions",
                  id);
   }
   if (work_dim < 3) {
      const uint32_t padding = get_constant(r, size_t_type, pad);
      for (unsigned d = work_dim; d < 3; d++)
         out[d] = padding;
   }
   return true;
}

/* OpBuildNDRange %ndrange_t %global %local %offset: ndrange_t is
 * {uint workDimension, size_t globalWorkOffset[3], globalWorkSize[3],
 * localWorkSize[3]} (clang's opencl-c-base.h). */
static bool
build_ndrange(struct rewrite *r, const uint32_t *w)
{
   const uint32_t *nd = type_def(r, w[1]);
   const uint32_t *gt = type_def(r, type_of(r, w[3]));
   if (!nd || kiln_spirv_op(nd) != SpvOpTypeStruct || kiln_spirv_len(nd) != 6 || !gt)
      return fail(r, "OpBuildNDRange of a type that is not ndrange_t", w[2]);
   const unsigned work_dim = kiln_spirv_op(gt) == SpvOpTypeArray ? const_value(r, gt[3]) : 1;
   if (work_dim < 1 || work_dim > 3)
      return fail(r, "OpBuildNDRange of more than 3 dimensions", w[2]);

   uint32_t global[3], local[3], offset[3];
   if (!ndrange_values(r, w[3], work_dim, 1, global) ||
       !ndrange_values(r, w[4], work_dim, 0, local) ||
       !ndrange_values(r, w[5], work_dim, 0, offset))
      return false;
   const uint32_t arrays[3] = { value(r, SpvOpCompositeConstruct, nd[3], offset, 3),
                                value(r, SpvOpCompositeConstruct, nd[4], global, 3),
                                value(r, SpvOpCompositeConstruct, nd[5], local, 3) };
   const uint32_t members[] = { w[1],      w[2],      get_constant(r, nd[2], work_dim),
                                arrays[0], arrays[1], arrays[2] };
   emit(r, KILN_SPIRV_FUNCTIONS, SpvOpCompositeConstruct, members, 6);
   return true;
}

/* The entry point index of a block's invoke kernel. */
static bool
block_kernel(struct rewrite *r, uint32_t invoke, uint32_t *index)
{
   invoke = mapped(r, invoke);
   if (invoke >= r->m.input_bound || !r->entry_index[invoke])
      return fail(r, "the enqueued block's invoke function is not an entry point", invoke);
   *index = r->entry_index[invoke] - 1;
   return true;
}

/* OpEnqueueKernel %uint %result %queue %flags %ndrange_ptr %num_events
 * %wait_events %ret_event %invoke %param %param_size %param_align
 * %local_size_ptr... */
static bool
enqueue_kernel(struct rewrite *r, const uint32_t *w, unsigned n)
{
   const uint32_t u32 = kiln_spirv_get_int_type(&r->m, 32),
                  u64 = kiln_spirv_get_int_type(&r->m, 64), u8 = kiln_spirv_get_int_type(&r->m, 8);
   const unsigned num_locals = n - 13;
   uint32_t kernel_index;
   if (num_locals > KILN_DQ_MAX_LOCAL_ARGS)
      return fail(r, "a block with more __local pointer arguments than kiln takes (4)", w[2]);
   if (!block_kernel(r, w[9], &kernel_index))
      return false;
   bool listed = false;
   util_dynarray_foreach (&r->blocks, uint32_t, b)
      listed |= *b == kernel_index;
   if (!listed)
      util_dynarray_append(&r->blocks, uint32_t, kernel_index);

   /* The ndrange_t goes by address: a struct variable only loaded whole
    * would be copied by nir_opt_memcpy, which asks its type for an
    * explicit layout vtn does not give Function variables. */
   uint32_t args[24];
   unsigned a = 0;
   args[a++] = w[3];
   args[a++] = w[4];
   args[a++] = get_constant(r, u32, kernel_index);
   args[a++] = coerce_pointer(r, w[5], SpvStorageClassGeneric, u8);
   args[a++] = w[6];
   args[a++] = coerce_pointer(r, w[7], SpvStorageClassGeneric, u64);
   args[a++] = coerce_pointer(r, w[8], SpvStorageClassGeneric, u64);
   args[a++] = coerce_pointer(r, w[10], SpvStorageClassGeneric, u8);
   args[a++] = w[11];
   args[a++] = w[12];
   args[a++] = get_constant(r, u32, num_locals);
   for (unsigned i = 0; i < KILN_DQ_MAX_LOCAL_ARGS; i++) {
      if (i >= num_locals) {
         args[a++] = get_constant(r, u64, 0);
         continue;
      }
      const uint32_t *p = type_def(r, type_of(r, w[13 + i]));
      if (!p || kiln_spirv_op(p) != SpvOpTypePointer || type_op(r, p[3]) != SpvOpTypeInt)
         return fail(r, "a __local size operand that is not a pointer to an integer", w[13 + i]);
      uint32_t size = value(r, SpvOpLoad, p[3], &w[13 + i], 1);
      if (type_def(r, p[3])[2] != 64)
         size = value(r, SpvOpUConvert, u64, &size, 1);
      args[a++] = size;
   }
   args[a++] = get_constant(r, u32, r->wave_size);
   if (r->failed)
      return false;

   uint32_t params[24];
   for (unsigned i = 0; i < a; i++)
      params[i] = type_of(r, args[i]);
   const uint32_t fn = get_import(r, "kiln_enqueue_kernel", w[1], params, a);
   call(r, w[2], w[1], fn, args, a);
   return true;
}

/* OpEnqueueMarker %uint %result %queue %num_events %wait_events %ret_event */
static bool
enqueue_marker(struct rewrite *r, const uint32_t *w)
{
   const uint32_t u64 = kiln_spirv_get_int_type(&r->m, 64);
   const uint32_t args[] = { w[3], w[4], coerce_pointer(r, w[5], SpvStorageClassGeneric, u64),
                             coerce_pointer(r, w[6], SpvStorageClassGeneric, u64) };
   if (r->failed)
      return false;
   uint32_t params[4];
   for (unsigned i = 0; i < 4; i++)
      params[i] = type_of(r, args[i]);
   call(r, w[2], w[1], get_import(r, "kiln_enqueue_marker", w[1], params, 4), args, 4);
   return true;
}

/* A library call with the instruction's operands as they are: `result`
 * is the operand index of the result id, or 0 for none (void). */
static bool
simple_call(struct rewrite *r, const char *name, const uint32_t *w, unsigned n, bool has_result)
{
   const uint32_t ret = has_result ? w[1] : get_void(r);
   const unsigned first = has_result ? 3 : 1;
   uint32_t params[8];
   for (unsigned i = first; i < n; i++)
      params[i - first] = type_of(r, w[i]);
   const uint32_t fn = get_import(r, name, ret, params, n - first);
   call(r, has_result ? w[2] : 0, ret, fn, w + first, n - first);
   return true;
}

/* OpCaptureEventProfilingInfo %event %info %value */
static bool
capture_profiling(struct rewrite *r, const uint32_t *w)
{
   const uint32_t args[] = { w[1], w[2],
                             coerce_pointer(r, w[3], SpvStorageClassCrossWorkgroup,
                                            kiln_spirv_get_int_type(&r->m, 64)) };
   if (r->failed)
      return false;
   const uint32_t params[] = { type_of(r, args[0]), type_of(r, args[1]), type_of(r, args[2]) };
   const uint32_t ret = get_void(r);
   call(r, 0, ret, get_import(r, "kiln_capture_event_profiling_info", ret, params, 3), args, 3);
   return true;
}

/* OpGetKernelNDrange{SubGroupCount,MaxSubGroupSize} %uint %result
 * %ndrange_ptr %invoke %param %size %align: the library's answer for the
 * ndrange's work-group size (given, or the one kiln chooses) in waves. */
static bool
sub_group_query(struct rewrite *r, const char *name, const uint32_t *w)
{
   const uint32_t u32 = kiln_spirv_get_int_type(&r->m, 32);
   const uint32_t args[] = { coerce_pointer(r, w[3], SpvStorageClassGeneric,
                                            kiln_spirv_get_int_type(&r->m, 8)),
                             get_constant(r, u32, r->wave_size) };
   if (r->failed)
      return false;
   const uint32_t params[] = { type_of(r, args[0]), u32 };
   call(r, w[2], w[1], get_import(r, name, w[1], params, 2), args, 2);
   return true;
}

/* A query that kiln answers with a constant. */
static bool
constant_query(struct rewrite *r, const uint32_t *w, uint64_t answer)
{
   const uint32_t ops[] = { w[1], w[2], get_constant(r, w[1], answer) };
   emit(r, KILN_SPIRV_FUNCTIONS, SpvOpCopyObject, ops, 3);
   return true;
}

/* An instruction of a function body: rewritten when it is one of device
 * enqueue's, else copied.  w has its ids remapped already. */
static bool
function_instruction(struct rewrite *r, const uint32_t *w, unsigned n)
{
   switch (kiln_spirv_op(w)) {
   case SpvOpGetDefaultQueue:
      return simple_call(r, "kiln_get_default_queue", w, n, true);
   case SpvOpBuildNDRange:
      return build_ndrange(r, w);
   case SpvOpEnqueueKernel:
      return enqueue_kernel(r, w, n);
   case SpvOpEnqueueMarker:
      return enqueue_marker(r, w);
   case SpvOpRetainEvent:
      return simple_call(r, "kiln_retain_event", w, n, false);
   case SpvOpReleaseEvent:
      return simple_call(r, "kiln_release_event", w, n, false);
   case SpvOpCreateUserEvent:
      return simple_call(r, "kiln_create_user_event", w, n, true);
   case SpvOpSetUserEventStatus:
      return simple_call(r, "kiln_set_user_event_status", w, n, false);
   case SpvOpIsValidEvent:
      return simple_call(r, "kiln_is_valid_event", w, n, true);
   case SpvOpCaptureEventProfilingInfo:
      return capture_profiling(r, w);
   case SpvOpGetKernelWorkGroupSize:
      return constant_query(r, w, KILN_DQ_MAX_WORK_GROUP_SIZE);
   case SpvOpGetKernelPreferredWorkGroupSizeMultiple:
      return constant_query(r, w, r->wave_size);
   case SpvOpConvertUToPtr:
      /* CLK_NULL_EVENT: an integer cast to clk_event_t, now an integer. */
      if (type_op(r, w[1]) == SpvOpTypeInt) {
         const uint32_t ops[] = { w[1], w[2], w[3] };
         emit(r, KILN_SPIRV_FUNCTIONS, SpvOpCopyObject, ops, 3);
         return true;
      }
      kiln_spirv_emit(&r->m, KILN_SPIRV_FUNCTIONS, w);
      return true;
   case SpvOpGetKernelNDrangeSubGroupCount:
      return sub_group_query(r, "kiln_ndrange_sub_group_count", w);
   case SpvOpGetKernelNDrangeMaxSubGroupSize:
      return sub_group_query(r, "kiln_ndrange_max_sub_group_size", w);
   case SpvOpGetKernelLocalSizeForSubgroupCount:
   case SpvOpGetKernelMaxNumSubgroups:
      return fail(r, "the sub-group queries of blocks are not supported yet", w[2]);
   default:
      kiln_spirv_emit(&r->m, KILN_SPIRV_FUNCTIONS, w);
      return true;
   }
}

/* OpFunction of an entry point: the parameters of a block invoke kernel
 * (the only kernels with generic pointer parameters) are global pointers,
 * since the literal they point to is the device queue's copy; so the
 * entry point takes them as such and casts them back, and they need no
 * aperture test where the block reads its captures. */
static void
entry_function(struct rewrite *r, const uint32_t *w, unsigned n)
{
   const uint32_t *fn = type_def(r, w[4]);
   uint32_t ops[32];
   const unsigned num = fn ? kiln_spirv_len(fn) - 2 : 0;
   bool generic = false;
   for (unsigned i = 0; i < num && i < ARRAY_SIZE(ops); i++) {
      const uint32_t *t = type_def(r, fn[2 + i]);
      ops[i] = fn[2 + i];
      if (i && t && kiln_spirv_op(t) == SpvOpTypePointer && t[2] == SpvStorageClassGeneric) {
         ops[i] = get_pointer(r, SpvStorageClassCrossWorkgroup, t[3]);
         generic = true;
      }
   }
   if (!generic || num > ARRAY_SIZE(ops)) {
      kiln_spirv_emit(&r->m, KILN_SPIRV_FUNCTIONS, w);
      return;
   }
   const uint32_t head[] = { w[1], w[2], w[3],
                             kiln_spirv_get_type(&r->m, SpvOpTypeFunction, ops, num) };
   emit(r, KILN_SPIRV_FUNCTIONS, SpvOpFunction, head, 4);
   r->casts_pending = true;
}

/* OpFunctionParameter of an entry point retyped by entry_function(). */
static bool
entry_parameter(struct rewrite *r, const uint32_t *w)
{
   const uint32_t *t = type_def(r, w[1]);
   if (!r->casts_pending || !t || kiln_spirv_op(t) != SpvOpTypePointer ||
       t[2] != SpvStorageClassGeneric)
      return false;
   const uint32_t global = kiln_spirv_new_id(&r->m);
   const uint32_t p[] = { get_pointer(r, SpvStorageClassCrossWorkgroup, t[3]), global };
   emit(r, KILN_SPIRV_FUNCTIONS, SpvOpFunctionParameter, p, 2);
   const uint32_t pair[2] = { w[2], global };
   util_dynarray_append(&r->casts, uint64_t, pair[0] | (uint64_t)pair[1] << 32);
   return true;
}

/* The casts back to generic, once the entry block's variables are
 * declared. */
static void
emit_entry_casts(struct rewrite *r, unsigned op)
{
   if (!r->casts_pending || op == SpvOpFunction || op == SpvOpFunctionParameter ||
       op == SpvOpLabel || op == SpvOpVariable || op == SpvOpLine || op == SpvOpNoLine)
      return;
   util_dynarray_foreach (&r->casts, uint64_t, pair) {
      const uint32_t generic = *pair, global = *pair >> 32;
      const uint32_t *t = type_def(r, type_of(r, global));
      const uint32_t ops[] = { get_pointer(r, SpvStorageClassGeneric, t[3]), generic, global };
      emit(r, KILN_SPIRV_FUNCTIONS, SpvOpPtrCastToGeneric, ops, 3);
   }
   util_dynarray_clear(&r->casts);
   util_dynarray_foreach (&r->queue_params, uint32_t, param) {
      const uint32_t u64 = kiln_spirv_get_int_type(&r->m, 64);
      call(r, *param, u64, get_import(r, "kiln_get_default_queue", u64, NULL, 0), NULL, 0);
   }
   util_dynarray_clear(&r->queue_params);
   r->casts_pending = false;
}

/* OpFunctionParameter of an entry point of type queue_t: a parameter of
 * a new id, its own id the default queue's (emit_entry_casts()). */
static bool
queue_parameter(struct rewrite *r, const uint32_t *w, uint32_t type)
{
   if (!r->entry_params || !r->queue_type || type != r->queue_type)
      return false;
   const uint32_t p[] = { w[1], kiln_spirv_new_id(&r->m) };
   emit(r, KILN_SPIRV_FUNCTIONS, SpvOpFunctionParameter, p, 2);
   util_dynarray_append(&r->queue_params, uint32_t, w[2]);
   r->casts_pending = true;
   return true;
}

static bool
is_id_operand(spv_operand_type_t type)
{
   return type == SPV_OPERAND_TYPE_ID || type == SPV_OPERAND_TYPE_TYPE_ID ||
          type == SPV_OPERAND_TYPE_MEMORY_SEMANTICS_ID || type == SPV_OPERAND_TYPE_SCOPE_ID;
}

static spv_result_t
instruction(void *data, const spv_parsed_instruction_t *ins)
{
   struct rewrite *r = data;
   const unsigned op = ins->opcode;
   uint32_t stack[64];
   uint32_t *w = ins->num_words <= ARRAY_SIZE(stack) ? stack : malloc(ins->num_words * 4);
   if (!w)
      return SPV_ERROR_OUT_OF_MEMORY;
   memcpy(w, ins->words, ins->num_words * 4);
   for (unsigned o = 0; o < ins->num_operands; o++) {
      const uint32_t id = w[ins->operands[o].offset];
      if ((is_id_operand(ins->operands[o].type) ||
           ins->operands[o].type == SPV_OPERAND_TYPE_RESULT_ID) &&
          (!id || id >= r->m.input_bound)) {
         /* validation refuses the module too; this pass must first not
          * read past its tables */
         fail(r, "an id outside the module's bound", id);
         if (w != stack)
            free(w);
         return SPV_ERROR_INVALID_ID;
      }
      if (is_id_operand(ins->operands[o].type))
         w[ins->operands[o].offset] = mapped(r, id);
   }
   if (op == SpvOpFunction)
      r->in_function = true;

   if (op == SpvOpCapability) {
      if (w[1] == SpvCapabilityLinkage)
         r->has_linkage = true;
      if (w[1] != SpvCapabilityDeviceEnqueue)
         kiln_spirv_emit(&r->m, KILN_SPIRV_CAPABILITIES, w);
   } else if (op == SpvOpEntryPoint) {
      r->entry_index[w[2]] = ++r->num_entry_points;
      r->entry_point[w[2]] = true;
      const char *name = (const char *)(ins->words + 3);
      util_dynarray_append(&r->entry_names, const char *, name);
      kiln_spirv_emit(&r->m, KILN_SPIRV_ENTRY_POINTS, w);
   } else if (op == SpvOpName && !r->entry_index[w[1]]) {
      /* The translator's entry point calls a function of its name, which
       * OpEnqueueKernel names. */
      unsigned index = 0;
      util_dynarray_foreach (&r->entry_names, const char *, name) {
         index++;
         if (!strncmp(*name, (const char *)(ins->words + 2), (ins->num_words - 2) * 4))
            r->entry_index[w[1]] = index;
      }
      kiln_spirv_emit(&r->m, KILN_SPIRV_DEBUG_NAMES, w);
   } else if (op == SpvOpTypeQueue || op == SpvOpTypeDeviceEvent) {
      if (op == SpvOpTypeQueue)
         r->queue_type = w[1];
      const uint32_t as_u64[] = { 4 << SpvWordCountShift | SpvOpTypeInt, w[1], 64, 0 };
      define_type(r, as_u64);
   } else if (r->in_function) {
      emit_entry_casts(r, op);
      if (op == SpvOpFunction)
         r->entry_params = r->entry_point[w[2]];
      if (op == SpvOpFunction && r->entry_point[w[2]] && !r->casts_pending)
         entry_function(r, w, ins->num_words);
      else if (op == SpvOpFunctionParameter && queue_parameter(r, w, ins->type_id))
         ;
      else if (op != SpvOpFunctionParameter || !entry_parameter(r, w))
         function_instruction(r, w, ins->num_words);
   } else if (ins->result_id && op >= SpvOpTypeVoid && op < SpvOpTypeForwardPointer) {
      define_type(r, w);
   } else {
      kiln_spirv_emit(&r->m, kiln_spirv_section_of(op, r->in_function), w);
   }

   if (w != stack)
      free(w);
   return r->failed ? SPV_ERROR_INVALID_BINARY : SPV_SUCCESS;
}

/* Debug names and decorations of types merged into others go with them. */
static void
drop_merged_annotations(struct rewrite *r, enum kiln_spirv_section section)
{
   struct util_dynarray *words = &r->m.section[section], kept;
   util_dynarray_init(&kept, NULL);
   const uint32_t *start = words->data;
   kiln_spirv_foreach (w, start, start + words->size / 4) {
      const SpvOp op = kiln_spirv_op(w);
      const bool targets = op == SpvOpName || op == SpvOpMemberName || op == SpvOpDecorate ||
                           op == SpvOpMemberDecorate;
      if (!(targets && kiln_spirv_len(w) >= 2 && w[1] < r->m.input_bound && r->dropped[w[1]]))
         util_dynarray_append_array(&kept, uint32_t, w, kiln_spirv_len(w));
   }
   util_dynarray_fini(words);
   *words = kept;
}

static bool
uses_device_enqueue(const struct clc_binary *spirv)
{
   /* The capabilities come first. */
   kiln_spirv_foreach_instruction (w, spirv) {
      if (kiln_spirv_op(w) != SpvOpCapability)
         return false;
      if (kiln_spirv_len(w) == 2 && w[1] == SpvCapabilityDeviceEnqueue)
         return true;
   }
   return false;
}

static void
rewrite_finish(struct rewrite *r)
{
   kiln_spirv_module_finish(&r->m);
   free(r->remap);
   free(r->dropped);
   free(r->entry_index);
   free(r->entry_point);
   util_dynarray_fini(&r->imports);
   util_dynarray_fini(&r->entry_names);
   util_dynarray_fini(&r->blocks);
   util_dynarray_fini(&r->casts);
   util_dynarray_fini(&r->queue_params);
}

/* The enqueued blocks' kernels, named. */
static enum kiln_compile_status
list_blocks(struct rewrite *r, struct kiln_spirv_blocks *blocks)
{
   const unsigned n = util_dynarray_num_elements(&r->blocks, uint32_t);
   blocks->index = calloc(n ? n : 1, sizeof(*blocks->index));
   blocks->name = calloc(n ? n : 1, sizeof(*blocks->name));
   if (!blocks->index || !blocks->name)
      return KILN_COMPILE_ERROR_NO_MEMORY;
   const char *const *names = r->entry_names.data;
   for (unsigned i = 0; i < n; i++) {
      blocks->index[i] = *util_dynarray_element(&r->blocks, uint32_t, i);
      blocks->name[i] = strdup(names[blocks->index[i]]);
      blocks->num = i + 1;
      if (!blocks->name[i])
         return KILN_COMPILE_ERROR_NO_MEMORY;
   }
   return KILN_COMPILE_OK;
}

void
kiln_spirv_blocks_finish(struct kiln_spirv_blocks *blocks)
{
   for (unsigned i = 0; i < blocks->num; i++)
      free(blocks->name[i]);
   free(blocks->name);
   free(blocks->index);
   memset(blocks, 0, sizeof(*blocks));
}

enum kiln_compile_status
kiln_spirv_lower_enqueue(const struct clc_binary *spirv, unsigned wave_size,
                         const char *source_name, struct clc_binary *lowered,
                         struct kiln_spirv_blocks *blocks, struct kiln_log *log)
{
   memset(blocks, 0, sizeof(*blocks));
   memset(lowered, 0, sizeof(*lowered));
   if (spirv->size < 20 || spirv->size % 4 || !uses_device_enqueue(spirv))
      return KILN_COMPILE_OK;

   blocks->device_enqueue = true;
   struct rewrite r = {
      .wave_size = wave_size,
      .source_name = source_name,
      .log = log,
   };
   util_dynarray_init(&r.imports, NULL);
   util_dynarray_init(&r.entry_names, NULL);
   util_dynarray_init(&r.blocks, NULL);
   util_dynarray_init(&r.casts, NULL);
   util_dynarray_init(&r.queue_params, NULL);
   enum kiln_compile_status status = kiln_spirv_module_init(&r.m, spirv);
   if (status == KILN_COMPILE_OK) {
      const uint32_t bound = r.m.input_bound;
      r.remap = calloc(bound, sizeof(*r.remap));
      r.dropped = calloc(bound, sizeof(*r.dropped));
      r.entry_index = calloc(bound, sizeof(*r.entry_index));
      r.entry_point = calloc(bound, sizeof(*r.entry_point));
      if (!r.remap || !r.dropped || !r.entry_index || !r.entry_point)
         status = KILN_COMPILE_ERROR_NO_MEMORY;
   }
   if (status == KILN_COMPILE_ERROR_SPIRV)
      kiln_log_append(log, "error: %s: device-side enqueue: the module could not be parsed\n",
                      source_name ? source_name : "input");
   if (status != KILN_COMPILE_OK)
      goto out;

   spv_context ctx = spvContextCreate(SPV_ENV_UNIVERSAL_1_5);
   spv_result_t res =
      spvBinaryParse(ctx, &r, spirv->data, spirv->size / 4, NULL, instruction, NULL);
   spvContextDestroy(ctx);
   if (res != SPV_SUCCESS || r.failed) {
      if (!r.failed)
         kiln_log_append(log,
                         "error: %s: device-side enqueue: the module could not be "
                         "parsed (%d)\n",
                         source_name ? source_name : "input", res);
      status =
         res == SPV_ERROR_OUT_OF_MEMORY ? KILN_COMPILE_ERROR_NO_MEMORY : KILN_COMPILE_ERROR_SPIRV;
      goto out;
   }
   if (!r.has_linkage) {
      const uint32_t linkage = SpvCapabilityLinkage;
      emit(&r, KILN_SPIRV_CAPABILITIES, SpvOpCapability, &linkage, 1);
   }
   drop_merged_annotations(&r, KILN_SPIRV_DEBUG_NAMES);
   drop_merged_annotations(&r, KILN_SPIRV_ANNOTATIONS);

   status = kiln_spirv_module_write(&r.m, lowered);
   /* The entry points' names are the input module's words. */
   if (status == KILN_COMPILE_OK)
      status = list_blocks(&r, blocks);

out:
   rewrite_finish(&r);
   return status;
}
