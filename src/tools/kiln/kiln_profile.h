/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * `kiln profile`: `kiln run`'s launch with the emulator's counters on.
 * kiln_run.c parses the same command line and runs the same launch steps;
 * these calls turn profiling on for the device, collect each launch's
 * dispatch profiles (passed through drivers/amdgpu from sim/) and print
 * them: the annotated listing as text, JSON (--json) or an HTML page
 * (--html FILE, kiln_profile_html.c).
 */
#ifndef KILN_PROFILE_H
#define KILN_PROFILE_H

#include <stdbool.h>
#include <stdio.h>

struct kiln_amdgpu_device;
struct kiln_sim_profile;

struct kiln_profile_session {
   bool json;
   const char *html; /* file to write, or NULL */
   unsigned num;
   struct kiln_sim_profile **profiles;
   char **titles;
};

/* Turns profiling on; returns 0 or an error message on stderr and -1. */
int kiln_profile_begin(struct kiln_profile_session *s, struct kiln_amdgpu_device *dev);
/* Takes the profiles of the launch of kernel just made; 0 or -1. */
int kiln_profile_collect(struct kiln_profile_session *s, struct kiln_amdgpu_device *dev,
                         const char *kernel);
/* Prints the reports on out and writes the page; 0 or -1. */
int kiln_profile_finish(struct kiln_profile_session *s, FILE *out);
void kiln_profile_session_free(struct kiln_profile_session *s);

/* The HTML page of the profiles (kiln_profile_html.c). */
void kiln_profile_write_html(FILE *out, struct kiln_sim_profile *const *profiles,
                             char *const *titles, unsigned num);

#endif
