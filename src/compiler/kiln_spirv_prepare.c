/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * kiln_spirv_prepare(): the one ordered list of rewrites between a front
 * end's SPIR-V and spirv_to_nir, which kiln_compile() and Rusticl's hook
 * (kiln_frontend_spirv_to_nir()) both run.  The order:
 *
 *  1. Repair what LLVM 15's translator writes wrong: the weak
 *     compare-exchange SPIR-V 1.4 no longer has, and the work-item
 *     functions' missing range check; and what SPIRV-Tools' linker does
 *     to OpCopyLogical.  Both rewrite in place and keep
 *     every id, so the result is still the front end's module, made
 *     valid: the one a program keeps (kilnc writes it out), which must
 *     compile again when loaded as SPIR-V.  They come first so that every
 *     later step reads SPIR-V as its version defines it.
 *  2. Lower device-side enqueue to calls of kiln's device library.  It
 *     writes the whole module anew (queue_t and clk_event_t become 64-bit
 *     integers and merge with the types they now equal), so it comes
 *     before anything that lays out types.
 *  3. Take the program's __global variables out: their layout names the
 *     variables by id and sizes them by type in the module spirv_to_nir
 *     reads, and kiln_cl_nir_lower_program_globals() finds them there, so
 *     this is the last rewrite.
 *  4. Validate exactly what spirv_to_nir reads: the DeviceEnqueue types
 *     and the initialisers that steps 2 and 3 remove are what validation
 *     (and spirv_to_nir) would refuse.
 */
#include <stdlib.h>
#include <string.h>

#include "kiln_backend.h"
#include "kiln_compiler_internal.h"

static enum kiln_compile_status
repair_translator_output(struct clc_binary *spirv, struct kiln_log *log)
{
   kiln_spirv_strengthen_cmpxchg_weak(spirv);
   kiln_spirv_fix_copy_logical(spirv);
   return kiln_spirv_fix_workitem_dims(spirv, log);
}

static enum kiln_compile_status
lower_device_enqueue(const struct kiln_spirv_prepare_options *options,
                     struct kiln_spirv_prepared *out, struct kiln_log *log)
{
   enum kiln_compile_status status = kiln_spirv_lower_enqueue(
      out->module, options->wave_size, options->source_name, &out->lowered, &out->blocks, log);
   if (status != KILN_COMPILE_OK)
      return status;
   if (out->lowered.data)
      out->module = &out->lowered;

   const struct kiln_backend *backend = options->backend;
   if (out->blocks.device_enqueue && backend && !backend->supports_device_enqueue) {
      kiln_log_append(log,
                      "error: %s: device-side enqueue (OpenCL C 2.0 6.13.17) is not "
                      "supported on %s targets yet\n",
                      options->source_name ? options->source_name : "input", backend->name);
      return KILN_COMPILE_ERROR_UNSUPPORTED;
   }
   return KILN_COMPILE_OK;
}

static enum kiln_compile_status
take_program_globals(struct kiln_program *prog, struct kiln_spirv_prepared *out,
                     struct kiln_log *log)
{
   enum kiln_compile_status status =
      kiln_spirv_take_globals(out->module, prog, &out->globals, &out->stripped, log);
   if (out->stripped.data)
      out->module = &out->stripped;
   return status;
}

enum kiln_compile_status
kiln_spirv_prepare(struct clc_binary *spirv, const struct kiln_spirv_prepare_options *options,
                   struct kiln_program *prog, struct kiln_spirv_prepared *out, struct kiln_log *log)
{
   memset(out, 0, sizeof(*out));
   out->module = spirv;
   enum kiln_compile_status status = repair_translator_output(spirv, log);
   if (status == KILN_COMPILE_OK)
      status = lower_device_enqueue(options, out, log);
   if (status == KILN_COMPILE_OK)
      status = take_program_globals(prog, out, log);
   if (status == KILN_COMPILE_OK)
      status = kiln_spirv_validate(out->module, log);
   return status;
}

void
kiln_spirv_prepared_finish(struct kiln_spirv_prepared *prepared)
{
   free(prepared->lowered.data);
   free(prepared->stripped.data);
   kiln_spirv_blocks_finish(&prepared->blocks);
   kiln_spirv_globals_finish(&prepared->globals);
   memset(prepared, 0, sizeof(*prepared));
}
