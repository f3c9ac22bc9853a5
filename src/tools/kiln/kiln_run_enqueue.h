/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * `kiln run` for programs that enqueue (OpenCL C 2.0 §6.13.17): the
 * program's default device queue, its kernels uploaded for the blocks the
 * queue's records name, and the drain after each launch of a kernel that
 * may enqueue.
 */
#ifndef KILN_RUN_ENQUEUE_H
#define KILN_RUN_ENQUEUE_H

#include "kiln_amdgpu.h"
#include "kiln_compiler.h"

struct kiln_run_device_queue;

/* The queue of a program one of whose kernels may enqueue, else NULL
 * (*queue); returns 0 or a negative errno with a message in err. */
int kiln_run_device_queue_create(struct kiln_amdgpu_device *dev, const struct kiln_program *program,
                                 uint64_t printf_size, struct kiln_run_device_queue **queue,
                                 char *err, size_t err_size);
void kiln_run_device_queue_destroy(struct kiln_amdgpu_device *dev,
                                   struct kiln_run_device_queue *queue);

/* The queue's buffer, which every launch of the program names. */
struct kiln_amdgpu_bo *kiln_run_device_queue_bo(const struct kiln_run_device_queue *queue);

/* An empty queue for a launch of the kernel, named in it. */
void kiln_run_device_queue_prepare(struct kiln_run_device_queue *queue,
                                   struct kiln_amdgpu_launch *launch);

/* The printf output of the blocks the last launch ran, kernel by kernel,
 * each in the order its calls reached its buffer (kiln_printf_print);
 * calls that found a buffer full are named on stderr. */
void kiln_run_device_queue_print(struct kiln_run_device_queue *queue, FILE *out);

/* Runs what the launch enqueued until its whole tree is complete
 * (kiln_amdgpu_device_queue_drain); KILN_DEBUG=driver reports the rounds. */
int kiln_run_device_queue_drain(struct kiln_run_device_queue *queue, struct kiln_amdgpu_device *dev,
                                const struct kiln_amdgpu_launch *launch,
                                struct kiln_amdgpu_fault *fault);

#endif
