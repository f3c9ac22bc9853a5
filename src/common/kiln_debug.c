/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * KILN_DEBUG, KILN_PROFILE_JSON and KILN_SIM_JIT, read once per process
 * (kiln_debug.h).
 * The flags are one table, as si_pipe.c's and agx_device.c's are: Mesa's
 * parse_debug_string reads the comma list (a flag's name is a whole item,
 * so "nir-final" is not "nir"), and `KILN_DEBUG=help` prints the table
 * through debug_parse_flags_option.  kiln runs inside other people's
 * processes (the ICD), so the environment is only read, never written.
 */
#include "kiln_debug.h"

#include <stdio.h>
#include <string.h>

#include "util/macros.h"
#include "util/os_misc.h"
#include "util/u_call_once.h"
#include "util/u_debug.h"

static const struct debug_named_value kiln_debug_options[] = {
   { "spirv", KILN_DEBUG_SPIRV, "Print each program's SPIR-V, disassembled" },
   { "nir", KILN_DEBUG_NIR, "Print NIR as it leaves spirv_to_nir" },
   { "nir-final", KILN_DEBUG_NIR_FINAL, "Print NIR as it enters the backend" },
   { "asm", KILN_DEBUG_ASM, "Print the machine code of each kernel" },
   { "stats", KILN_DEBUG_STATS,
     "Print code statistics of each kernel, and what each device queue drain took" },
   { "driver", KILN_DEBUG_DRIVER,
     "Print what drivers/amdgpu and drivers/intel open, submit and wait for, and their errors" },
   { "sim", KILN_DEBUG_SIM, "Print the emulated GPU's faults and VM changes" },
   { "simtrace", KILN_DEBUG_SIMTRACE,
     "Print every instruction every emulated wave runs (only when named, not by all)" },
   { "profile", KILN_DEBUG_PROFILE,
     "Print each emulated dispatch's profile (only when named, not by all)" },
   DEBUG_NAMED_VALUE_END,
};

/* Flags that print so much that "all" leaves them off. */
#define KILN_DEBUG_NAMED_ONLY (KILN_DEBUG_SIMTRACE | KILN_DEBUG_PROFILE)

static uint32_t debug_flags;
static const char *profile_json;
static enum kiln_sim_jit_mode sim_jit = KILN_SIM_JIT_HOT;
static util_once_flag read_once = UTIL_ONCE_FLAG_INIT;

static uint32_t
parse(const char *list)
{
   if (!list)
      return 0;
   if (!strcmp(list, "help"))
      return debug_parse_flags_option("KILN_DEBUG", list, kiln_debug_options, 0);

   struct debug_control all[ARRAY_SIZE(kiln_debug_options)] = { 0 };
   unsigned n = 0;
   uint32_t named = 0;
   for (const struct debug_named_value *o = kiln_debug_options; o->name; o++) {
      if (!(o->value & KILN_DEBUG_NAMED_ONLY))
         all[n++] = (struct debug_control){ o->name, o->value };
      else if (comma_separated_list_contains(list, o->name))
         named |= o->value;
   }
   return parse_debug_string(list, all) | named;
}

static void
read_environment(void)
{
   debug_flags = parse(os_get_option("KILN_DEBUG"));
   const char *json = os_get_option("KILN_PROFILE_JSON");
   profile_json = json && *json ? json : NULL;
   const char *jit = os_get_option("KILN_SIM_JIT");
   if (jit && (!strcmp(jit, "0") || !strcmp(jit, "off") || !strcmp(jit, "false")))
      sim_jit = KILN_SIM_JIT_OFF;
   else if (jit && !strcmp(jit, "always"))
      sim_jit = KILN_SIM_JIT_ALWAYS;
}

uint32_t
kiln_debug_flags(void)
{
   util_call_once(&read_once, read_environment);
   return debug_flags;
}

const char *
kiln_debug_profile_json(void)
{
   util_call_once(&read_once, read_environment);
   return profile_json;
}

enum kiln_sim_jit_mode
kiln_debug_sim_jit(void)
{
   util_call_once(&read_once, read_environment);
   return sim_jit;
}

void
kiln_debug_vprintf(const char *who, const char *fmt, va_list ap)
{
   /* One fprintf, so lines from several threads do not interleave. */
   char line[1024];
   vsnprintf(line, sizeof(line), fmt, ap);
   fprintf(stderr, "kiln %s: %s\n", who, line);
}
