/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The reports of a dispatch profile (kiln_sim_profile.h): for a person,
 * the totals, the hottest instructions and the listing annotated block by
 * block with executions, lane utilisation and memory traffic; for a
 * program, the same as one line of JSON.  Both come from the profile
 * alone, so KILN_DEBUG=profile and the `kiln profile` tool print the
 * same thing.  KILN_DEBUG=profile and KILN_PROFILE_JSON=FILE report every
 * dispatch of any program this way.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_sim_profile.h"
#include "sim_profile.h"
#include "kiln_debug.h"

#define HOTTEST 10

void
kiln_sim_profile_free(struct kiln_sim_profile *p)
{
   if (!p)
      return;
   free(p->insts);
   free(p->blocks);
   free(p);
}

double
kiln_sim_profile_utilisation(const struct kiln_sim_profile *p, enum kiln_sim_inst_class c)
{
   uint64_t slots = p->class_instructions[c] * p->wave_size;
   return slots ? (double)p->class_lanes[c] / slots : 0.0;
}

static double
percent(uint64_t part, uint64_t whole)
{
   return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

static void
print_totals(FILE *out, const struct kiln_sim_profile *p)
{
   const struct kiln_sim_profile_occupancy *o = &p->occupancy;

   fprintf(out,
           "  launch: %ux%ux%u groups of %ux%ux%u, %" PRIu64 " work-items, wave%u, "
           "%" PRIu64 " waves%s\n",
           p->group_count[0], p->group_count[1], p->group_count[2], p->group_size[0],
           p->group_size[1], p->group_size[2], p->work_items, p->wave_size, p->waves,
           p->faulted ? " (stopped at a fault: counts are partial)" : "");
   fprintf(out,
           "  occupancy: %u waves per SIMD, limited by %s (hardware %u; %u VGPRs "
           "allow %u; %u bytes of LDS per group of %u waves allow %u)\n",
           o->waves_per_simd, o->limiter, o->by_hardware, o->vgprs, o->by_vgprs, o->lds_bytes,
           o->waves_per_group, o->by_lds);
   fprintf(out,
           "  instructions: %" PRIu64 " wave-instructions, %" PRIu64
           " lane-instructions (%.1f%% of lanes active), %.2f per work-item\n",
           p->wave_instructions, p->lane_instructions,
           percent(p->lane_instructions, p->wave_instructions * p->wave_size),
           p->work_items ? (double)p->wave_instructions * p->wave_size / p->work_items : 0.0);
   fprintf(out, "   ");
   for (unsigned c = 0; c < KILN_SIM_CLASS_COUNT; c++) {
      fprintf(out, " %s %" PRIu64, kiln_sim_inst_class_name(c), p->class_instructions[c]);
      if (c == KILN_SIM_CLASS_VALU)
         fprintf(out, " (%.1f%% of lanes)",
                 100.0 * kiln_sim_profile_utilisation(p, KILN_SIM_CLASS_VALU));
   }
   fprintf(out, "\n");
   fprintf(out,
           "  memory: %" PRIu64 " bytes read, %" PRIu64 " bytes written, %" PRIu64
           " cache lines of %u bytes; LDS: %" PRIu64 " bytes read, %" PRIu64 " written\n",
           p->bytes_read, p->bytes_written, p->lines, KILN_SIM_CACHE_LINE, p->lds_bytes_read,
           p->lds_bytes_written);
   fprintf(out, "  barrier waits: %" PRIu64 "\n", p->barrier_waits);
   fprintf(out,
           "  estimated cycles: %" PRIu64 " wave-cycles (an estimate from the cost "
           "model in kiln_sim_profile.h, not a measurement)\n",
           p->est_cycles);
}

static void
print_inst(FILE *out, const struct kiln_sim_profile *p, const struct kiln_sim_profile_inst *i)
{
   char lanes[16] = "", rd[24] = "", wr[24] = "", lines[24] = "";
   if (i->executions)
      snprintf(lanes, sizeof(lanes), "%5.1f%%", percent(i->lanes, i->executions * p->wave_size));
   if (i->bytes_read)
      snprintf(rd, sizeof(rd), "%" PRIu64, i->bytes_read);
   if (i->bytes_written)
      snprintf(wr, sizeof(wr), "%" PRIu64, i->bytes_written);
   if (i->lines)
      snprintf(lines, sizeof(lines), "%" PRIu64, i->lines);
   fprintf(out, "  %06x %10" PRIu64 " %6s %10s %10s %8s  %s\n", i->offset, i->executions, lanes, rd,
           wr, lines, i->text);
}

static const char header[] =
   "  offset      execs  lanes       read    written    lines  instruction\n";

static int
by_executions(const void *a, const void *b)
{
   const struct kiln_sim_profile_inst *x = *(const struct kiln_sim_profile_inst *const *)a;
   const struct kiln_sim_profile_inst *y = *(const struct kiln_sim_profile_inst *const *)b;
   if (x->executions != y->executions)
      return x->executions < y->executions ? 1 : -1;
   return x->offset < y->offset ? -1 : x->offset > y->offset;
}

void
kiln_sim_profile_print(FILE *out, const struct kiln_sim_profile *p, const char *title)
{
   if (title)
      fprintf(out, "profile of %s (code at 0x%" PRIx64 ")\n", title, p->pgm_va);
   else
      fprintf(out, "profile of the dispatch of the code at 0x%" PRIx64 "\n", p->pgm_va);
   print_totals(out, p);

   const struct kiln_sim_profile_inst **hot = malloc(sizeof(*hot) * (p->num_insts + 1));
   if (hot) {
      for (unsigned i = 0; i < p->num_insts; i++)
         hot[i] = &p->insts[i];
      qsort(hot, p->num_insts, sizeof(*hot), by_executions);
      fprintf(out, "\nhottest instructions:\n%s", header);
      for (unsigned i = 0; i < p->num_insts && i < HOTTEST && hot[i]->executions; i++)
         print_inst(out, p, hot[i]);
      free(hot);
   }

   fprintf(out, "\nlisting:\n%s", header);
   for (unsigned b = 0; b < p->num_blocks; b++) {
      const struct kiln_sim_profile_block *blk = &p->blocks[b];
      fprintf(out, "  block %u: %" PRIu64 " executions\n", b, blk->executions);
      for (unsigned i = blk->first; i < blk->first + blk->count; i++)
         print_inst(out, p, &p->insts[i]);
   }
   fflush(out);
}

static void
json_string(FILE *out, const char *s)
{
   fputc('"', out);
   for (; *s; s++) {
      unsigned char c = *s;
      if (c == '"' || c == '\\')
         fprintf(out, "\\%c", c);
      else if (c < 0x20)
         fprintf(out, "\\u%04x", c);
      else
         fputc(c, out);
   }
   fputc('"', out);
}

static void
json_u3(FILE *out, const char *name, const uint32_t v[3])
{
   fprintf(out, "\"%s\":[%u,%u,%u],", name, v[0], v[1], v[2]);
}

void
kiln_sim_profile_print_json(FILE *out, const struct kiln_sim_profile *p, const char *title)
{
   const struct kiln_sim_profile_occupancy *o = &p->occupancy;

   fprintf(out, "{\"title\":");
   json_string(out, title ? title : "");
   fprintf(out, ",\"pgm_va\":%" PRIu64 ",\"wave_size\":%u,", p->pgm_va, p->wave_size);
   json_u3(out, "group_size", p->group_size);
   json_u3(out, "group_count", p->group_count);
   fprintf(out,
           "\"work_items\":%" PRIu64 ",\"waves\":%" PRIu64 ",\"faulted\":%s,"
           "\"wave_instructions\":%" PRIu64 ",\"lane_instructions\":%" PRIu64 ",",
           p->work_items, p->waves, p->faulted ? "true" : "false", p->wave_instructions,
           p->lane_instructions);
   fprintf(out, "\"classes\":{");
   for (unsigned c = 0; c < KILN_SIM_CLASS_COUNT; c++)
      fprintf(out, "%s\"%s\":{\"instructions\":%" PRIu64 ",\"lanes\":%" PRIu64 "}", c ? "," : "",
              kiln_sim_inst_class_name(c), p->class_instructions[c], p->class_lanes[c]);
   fprintf(out,
           "},\"barrier_waits\":%" PRIu64 ",\"bytes_read\":%" PRIu64 ",\"bytes_written\":%" PRIu64
           ",\"lines\":%" PRIu64 ",\"line_bytes\":%u,"
           "\"lds_bytes_read\":%" PRIu64 ",\"lds_bytes_written\":%" PRIu64 ","
           "\"est_cycles\":%" PRIu64 ",",
           p->barrier_waits, p->bytes_read, p->bytes_written, p->lines, KILN_SIM_CACHE_LINE,
           p->lds_bytes_read, p->lds_bytes_written, p->est_cycles);
   fprintf(out,
           "\"occupancy\":{\"waves_per_simd\":%u,\"limiter\":\"%s\",\"by_hardware\":%u,"
           "\"by_vgprs\":%u,\"by_lds\":%u,\"vgprs\":%u,\"lds_bytes\":%u,"
           "\"waves_per_group\":%u},",
           o->waves_per_simd, o->limiter, o->by_hardware, o->by_vgprs, o->by_lds, o->vgprs,
           o->lds_bytes, o->waves_per_group);
   fprintf(out, "\"blocks\":[");
   for (unsigned b = 0; b < p->num_blocks; b++)
      fprintf(out, "%s{\"first\":%u,\"count\":%u,\"executions\":%" PRIu64 "}", b ? "," : "",
              p->blocks[b].first, p->blocks[b].count, p->blocks[b].executions);
   fprintf(out, "],\"insts\":[");
   for (unsigned i = 0; i < p->num_insts; i++) {
      const struct kiln_sim_profile_inst *in = &p->insts[i];
      fprintf(out, "%s{\"offset\":%u,\"dwords\":%u,\"class\":\"%s\",\"block\":%u,\"text\":",
              i ? "," : "", in->offset, in->dwords, kiln_sim_inst_class_name(in->inst_class),
              in->block);
      json_string(out, in->text);
      fprintf(out,
              ",\"executions\":%" PRIu64 ",\"lanes\":%" PRIu64 ",\"bytes_read\":%" PRIu64
              ",\"bytes_written\":%" PRIu64 ",\"lines\":%" PRIu64 "}",
              in->executions, in->lanes, in->bytes_read, in->bytes_written, in->lines);
   }
   fprintf(out, "]}\n");
   fflush(out);
}

/* ---------------------------------------------------------------------- */
/* The environment's reports. */

bool
sim_profile_env_enabled(void)
{
   return (kiln_debug_flags() & KILN_DEBUG_PROFILE) || kiln_debug_profile_json();
}

void
sim_profile_env_report(const struct kiln_sim_profile *p)
{
   static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
   const char *json = kiln_debug_profile_json();

   pthread_mutex_lock(&lock);
   if (kiln_debug_flags() & KILN_DEBUG_PROFILE)
      kiln_sim_profile_print(stderr, p, NULL);
   if (json) {
      FILE *f = fopen(json, "a");
      if (f) {
         kiln_sim_profile_print_json(f, p, NULL);
         fclose(f);
      } else {
         fprintf(stderr, "sim: KILN_PROFILE_JSON=%s: cannot open it for appending\n", json);
      }
   }
   pthread_mutex_unlock(&lock);
}
