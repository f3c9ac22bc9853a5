/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * `kiln profile`'s collection and output (kiln_profile.h): the profiles of
 * every dispatch a launch made, named after the kernel (and numbered when
 * a launch makes several, as device-side enqueue does), printed with sim's
 * own text or JSON report, and drawn as a page.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_amdgpu.h"
#include "kiln_profile.h"
#include "kiln_sim_profile.h"

int
kiln_profile_begin(struct kiln_profile_session *s, struct kiln_amdgpu_device *dev)
{
   if (kiln_amdgpu_device_set_profiling(dev, true)) {
      fprintf(stderr, "kiln profile: %s\n", kiln_amdgpu_device_error(dev));
      return -1;
   }
   return 0;
}

static int
add(struct kiln_profile_session *s, struct kiln_sim_profile *p, const char *title)
{
   struct kiln_sim_profile **profiles = realloc(s->profiles, (s->num + 1) * sizeof(*profiles));
   if (profiles)
      s->profiles = profiles;
   char **titles = realloc(s->titles, (s->num + 1) * sizeof(*titles));
   if (titles)
      s->titles = titles;
   char *t = strdup(title);
   if (!profiles || !titles || !t) {
      free(t);
      kiln_sim_profile_free(p);
      fprintf(stderr, "kiln profile: out of memory\n");
      return -1;
   }
   s->profiles[s->num] = p;
   s->titles[s->num++] = t;
   return 0;
}

int
kiln_profile_collect(struct kiln_profile_session *s, struct kiln_amdgpu_device *dev,
                     const char *kernel)
{
   struct kiln_sim_profile *p;
   unsigned n = 0;
   while ((p = kiln_amdgpu_device_take_profile(dev))) {
      char title[256];
      if (n)
         snprintf(title, sizeof(title), "kernel %s, dispatch %u of its launch", kernel, n + 1);
      else
         snprintf(title, sizeof(title), "kernel %s", kernel);
      if (add(s, p, title))
         return -1;
      n++;
   }
   if (!n) {
      fprintf(stderr, "kiln profile: kernel '%s': the device returned no profile\n", kernel);
      return -1;
   }
   return 0;
}

int
kiln_profile_finish(struct kiln_profile_session *s, FILE *out)
{
   for (unsigned i = 0; i < s->num; i++) {
      if (s->json) {
         kiln_sim_profile_print_json(out, s->profiles[i], s->titles[i]);
      } else {
         if (i)
            fprintf(out, "\n");
         kiln_sim_profile_print(out, s->profiles[i], s->titles[i]);
      }
   }
   if (s->html) {
      FILE *f = fopen(s->html, "w");
      if (!f) {
         fprintf(stderr, "kiln profile: --html %s: %s\n", s->html, strerror(errno));
         return -1;
      }
      kiln_profile_write_html(f, s->profiles, s->titles, s->num);
      if (fclose(f)) {
         fprintf(stderr, "kiln profile: --html %s: %s\n", s->html, strerror(errno));
         return -1;
      }
   }
   return fflush(out) ? -1 : 0;
}

void
kiln_profile_session_free(struct kiln_profile_session *s)
{
   for (unsigned i = 0; i < s->num; i++) {
      kiln_sim_profile_free(s->profiles[i]);
      free(s->titles[i]);
   }
   free(s->profiles);
   free(s->titles);
   memset(s, 0, sizeof(*s));
}
