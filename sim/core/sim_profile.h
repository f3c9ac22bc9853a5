/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The engine's side of dispatch profiles (kiln_sim_profile.h): counters
 * kept per host thread, so that counting takes no lock, and merged into
 * one kiln_sim_profile when the dispatch ends.  The dispatch loop calls
 * sim_profile_wave_begin() as it starts a wave and sim_profile_count()
 * after every instruction in its profiling variant; the address space's
 * slow path calls sim_profile_access() for every access of a profiled
 * wave (whose mapping cache stays empty, so that every access takes it).
 */
#ifndef SIM_PROFILE_H
#define SIM_PROFILE_H

#include "kiln_sim_profile.h"
#include "sim_core.h"

struct sim_profiler;
struct sim_profile_thread;

struct sim_profiler *sim_profiler_create(const struct kiln_sim_dispatch *d, unsigned threads,
                                         unsigned waves_per_group, uint32_t lds_size);
/* The counters of host thread index. */
struct sim_profile_thread *sim_profiler_thread(struct sim_profiler *p, unsigned index);

void sim_profile_wave_begin(struct sim_profile_thread *t, struct sim_wave *w);
/* After the instruction at w->pc ran with `lanes` lanes active. */
void sim_profile_count(struct sim_profile_thread *t, struct sim_wave *w, const struct sim_inst *in,
                       unsigned lanes);
void sim_profile_access(struct sim_profile_thread *t, uint64_t va, unsigned size, bool write);

/* Merges the threads' counters, disassembles the code that ran from vm
 * (after the dispatch has released it) and frees the profiler; NULL
 * without memory. */
struct kiln_sim_profile *sim_profiler_finish(struct sim_profiler *p, struct kiln_sim_vm *vm,
                                             bool faulted);
void sim_profiler_destroy(struct sim_profiler *p);

/* Shared by the counting (sim_profile.c) and the profile it builds
 * (sim_profile_listing.c). */
struct sim_profile_counts {
   uint64_t executions, lanes, bytes_read, bytes_written, lines;
};

enum kiln_sim_inst_class sim_profile_inst_class(const struct sim_inst *in);

/* The occupancy RSRC1/RSRC2 allow on gfx1030. */
void sim_profile_occupancy(struct kiln_sim_profile_occupancy *o, const struct kiln_sim_dispatch *d,
                           unsigned waves_per_group, uint32_t lds_size);

/* Disassembles the code from lo (the program's start) to hi (past the last
 * instruction that ran, then on to the program's end) into p->insts with
 * counts[(pc - lo) / 4] for pc < hi, and cuts it into basic blocks. */
bool sim_profile_listing(struct kiln_sim_profile *p, struct kiln_sim_vm *vm, uint64_t lo,
                         uint64_t hi, const struct sim_profile_counts *counts);

/* KILN_DEBUG=profile prints every dispatch's profile on stderr;
 * KILN_PROFILE_JSON=FILE appends each as one line of JSON to FILE. */
bool sim_profile_env_enabled(void);
void sim_profile_env_report(const struct kiln_sim_profile *p);

#endif
