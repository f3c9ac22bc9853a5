/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * `kiln profile --html FILE`: the profiles as one self-contained page (no
 * script, no external resource, so it opens anywhere and renders the
 * same headless): per dispatch, the totals and the occupancy, the
 * instruction classes with their lane utilisation, and the listing block
 * by block as a heat map, each instruction shaded by its executions on a
 * logarithmic scale against the hottest one.
 */
#include <inttypes.h>
#include <math.h>

#include "kiln_profile.h"
#include "kiln_sim_profile.h"

static void
html_text(FILE *out, const char *s)
{
   for (; *s; s++) {
      switch (*s) {
      case '<':
         fputs("&lt;", out);
         break;
      case '>':
         fputs("&gt;", out);
         break;
      case '&':
         fputs("&amp;", out);
         break;
      case '"':
         fputs("&quot;", out);
         break;
      default:
         fputc(*s, out);
         break;
      }
   }
}

static double
ratio(uint64_t a, uint64_t b)
{
   return b ? (double)a / (double)b : 0.0;
}

static void
write_totals(FILE *out, const struct kiln_sim_profile *p)
{
   const struct kiln_sim_profile_occupancy *o = &p->occupancy;
   fprintf(out, "<table class=\"totals\">\n");
   fprintf(out,
           "<tr><th>launch</th><td>%ux%ux%u groups of %ux%ux%u, %" PRIu64
           " work-items, wave%u, %" PRIu64 " waves%s</td></tr>\n",
           p->group_count[0], p->group_count[1], p->group_count[2], p->group_size[0],
           p->group_size[1], p->group_size[2], p->work_items, p->wave_size, p->waves,
           p->faulted ? " (stopped at a fault: partial)" : "");
   fprintf(out,
           "<tr><th>wave-instructions</th><td id=\"wave-instructions\">%" PRIu64 "</td></tr>\n",
           p->wave_instructions);
   fprintf(out,
           "<tr><th>lane-instructions</th><td>%" PRIu64 " (%.1f%% of lanes active)"
           "</td></tr>\n",
           p->lane_instructions,
           100.0 * ratio(p->lane_instructions, p->wave_instructions * p->wave_size));
   fprintf(out, "<tr><th>per work-item</th><td>%.2f instructions</td></tr>\n",
           ratio(p->wave_instructions * p->wave_size, p->work_items));
   fprintf(out,
           "<tr><th>memory</th><td>%" PRIu64 " bytes read, %" PRIu64 " bytes written, "
           "%" PRIu64 " cache lines of %u bytes</td></tr>\n",
           p->bytes_read, p->bytes_written, p->lines, KILN_SIM_CACHE_LINE);
   fprintf(out,
           "<tr><th>LDS</th><td>%" PRIu64 " bytes read, %" PRIu64 " bytes written"
           "</td></tr>\n",
           p->lds_bytes_read, p->lds_bytes_written);
   fprintf(out, "<tr><th>barrier waits</th><td>%" PRIu64 "</td></tr>\n", p->barrier_waits);
   fprintf(out,
           "<tr><th>estimated cycles</th><td>%" PRIu64 " wave-cycles "
           "(<em>an estimate</em> from the cost model in kiln_sim_profile.h)</td></tr>\n",
           p->est_cycles);
   fprintf(out,
           "<tr><th>occupancy</th><td>%u waves per SIMD, limited by %s "
           "(hardware %u; %u VGPRs allow %u; %u bytes of LDS per group of %u waves allow %u)"
           "</td></tr>\n",
           o->waves_per_simd, o->limiter, o->by_hardware, o->vgprs, o->by_vgprs, o->lds_bytes,
           o->waves_per_group, o->by_lds);
   fprintf(out, "</table>\n<table class=\"classes\">\n<tr><th>class</th>"
                "<th>wave-instructions</th><th>lane utilisation</th></tr>\n");
   for (unsigned c = 0; c < KILN_SIM_CLASS_COUNT; c++)
      fprintf(out, "<tr><td>%s</td><td>%" PRIu64 "</td><td>%.1f%%</td></tr>\n",
              kiln_sim_inst_class_name(c), p->class_instructions[c],
              100.0 * kiln_sim_profile_utilisation(p, c));
   fprintf(out, "</table>\n");
}

static void
write_listing(FILE *out, const struct kiln_sim_profile *p)
{
   uint64_t hottest = 0;
   for (unsigned i = 0; i < p->num_insts; i++)
      if (p->insts[i].executions > hottest)
         hottest = p->insts[i].executions;

   fprintf(out, "<table class=\"listing\">\n<tr><th>offset</th><th>executions</th>"
                "<th>lanes</th><th>read</th><th>written</th><th>lines</th>"
                "<th>instruction</th></tr>\n");
   for (unsigned b = 0; b < p->num_blocks; b++) {
      const struct kiln_sim_profile_block *blk = &p->blocks[b];
      fprintf(out,
              "<tr class=\"block\"><td colspan=\"7\">block %u: %" PRIu64 " executions</td></tr>\n",
              b, blk->executions);
      for (unsigned i = blk->first; i < blk->first + blk->count; i++) {
         const struct kiln_sim_profile_inst *in = &p->insts[i];
         double heat = hottest ? log1p((double)in->executions) / log1p((double)hottest) : 0;
         fprintf(out,
                 "<tr class=\"inst\" style=\"background:rgba(230,60,20,%.3f)\">"
                 "<td>%06x</td><td>%" PRIu64 "</td>",
                 0.75 * heat, in->offset, in->executions);
         if (in->executions)
            fprintf(out, "<td>%.1f%%</td>",
                    100.0 * ratio(in->lanes, in->executions * p->wave_size));
         else
            fprintf(out, "<td></td>");
         if (in->bytes_read || in->bytes_written || in->lines)
            fprintf(out, "<td>%" PRIu64 "</td><td>%" PRIu64 "</td><td>%" PRIu64 "</td>",
                    in->bytes_read, in->bytes_written, in->lines);
         else
            fprintf(out, "<td></td><td></td><td></td>");
         fprintf(out, "<td class=\"text\">");
         html_text(out, in->text);
         fprintf(out, "</td></tr>\n");
      }
   }
   fprintf(out, "</table>\n");
}

void
kiln_profile_write_html(FILE *out, struct kiln_sim_profile *const *profiles, char *const *titles,
                        unsigned num)
{
   fprintf(out, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n"
                "<title>kiln profile</title>\n<style>\n"
                "body { font-family: sans-serif; margin: 1em; }\n"
                "table { border-collapse: collapse; margin-bottom: 1em; }\n"
                "th, td { padding: 1px 8px; text-align: right; }\n"
                "table.totals th { text-align: left; }\n"
                "table.totals td, td.text, table.listing th:last-child { text-align: left; }\n"
                "table.listing td { font-family: monospace; }\n"
                "tr.block td { text-align: left; font-weight: bold; background: #ddd; "
                "padding-top: 4px; }\n"
                "</style></head><body>\n");
   for (unsigned i = 0; i < num; i++) {
      fprintf(out, "<section class=\"dispatch\">\n<h1>");
      html_text(out, titles[i]);
      fprintf(out, "</h1>\n");
      write_totals(out, profiles[i]);
      write_listing(out, profiles[i]);
      fprintf(out, "</section>\n");
   }
   fprintf(out, "</body></html>\n");
}
