/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * DRM syncobjs of the emulated node (DRM_IOCTL_SYNCOBJ_*), binary and
 * timeline, with drm_syncobj.c's argument checks and errno values.
 *
 * Because every submission completes inside its CS ioctl, a syncobj's
 * fence is either absent or signaled; timeline syncobjs are the highest
 * point signaled so far.  The only waits that can block are those with
 * WAIT_FOR_SUBMIT, for a CS another thread has not made yet: they sleep
 * on one process-wide condition variable that every signal broadcasts.
 *
 * Exported syncobj and sync-file fds are eventfds (a sync file is one
 * whose counter is 1, so poll() sees it signaled) recorded in a
 * process-wide table, so a later FD_TO_HANDLE on any device can find them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

#include "sim_amdgpu_priv.h"

static pthread_mutex_t sync_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t sync_cond;
static pthread_once_t sync_once = PTHREAD_ONCE_INIT;

struct exported_fd {
   int fd;
   struct sim_syncobj *syncobj; /* NULL for a sync file */
   int error;                   /* sync file: its fence's error */
};
static struct exported_fd *exported;
static unsigned exported_count;

static void
sync_init(void)
{
   pthread_condattr_t attr;
   pthread_condattr_init(&attr);
   pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
   pthread_cond_init(&sync_cond, &attr);
   pthread_condattr_destroy(&attr);
}

static struct sim_syncobj *
syncobj_alloc(void)
{
   pthread_once(&sync_once, sync_init);
   struct sim_syncobj *s = calloc(1, sizeof(*s));
   if (s)
      s->refcount = 1;
   return s;
}

struct sim_syncobj *
sim_syncobj_get(struct kiln_sim_amdgpu *dev, uint32_t handle)
{
   struct sim_syncobj *s = sim_handle_get(&dev->syncobjs, handle);
   if (s) {
      pthread_mutex_lock(&sync_lock);
      s->refcount++;
      pthread_mutex_unlock(&sync_lock);
   }
   return s;
}

void
sim_syncobj_put(struct sim_syncobj *s)
{
   if (!s)
      return;
   pthread_mutex_lock(&sync_lock);
   bool last = --s->refcount == 0;
   pthread_mutex_unlock(&sync_lock);
   if (last)
      free(s);
}

static void
signal_locked(struct sim_syncobj *s, int error, uint64_t point)
{
   s->has_fence = true;
   s->error = error;
   if (point > s->point)
      s->point = point;
}

void
sim_syncobj_signal(struct sim_syncobj *s, int error, uint64_t point)
{
   pthread_mutex_lock(&sync_lock);
   signal_locked(s, error, point);
   pthread_cond_broadcast(&sync_cond);
   pthread_mutex_unlock(&sync_lock);
}

static bool
has_fence_locked(const struct sim_syncobj *s, uint64_t point)
{
   return point ? s->point >= point : s->has_fence;
}

bool
sim_syncobj_has_fence(struct sim_syncobj *s, uint64_t point)
{
   pthread_mutex_lock(&sync_lock);
   bool r = has_fence_locked(s, point);
   pthread_mutex_unlock(&sync_lock);
   return r;
}

int
sim_syncobj_new(struct kiln_sim_amdgpu *dev, bool signaled, int error, uint32_t *handle)
{
   struct sim_syncobj *s = syncobj_alloc();
   if (!s)
      return -ENOMEM;
   s->has_fence = signaled;
   s->error = error;
   *handle = sim_handle_alloc(&dev->syncobjs, s);
   if (!*handle) {
      free(s);
      return -ENOMEM;
   }
   return 0;
}

void
sim_syncobj_destroy_all(struct kiln_sim_amdgpu *dev)
{
   for (uint32_t i = 1; i <= dev->syncobjs.count; i++)
      sim_syncobj_put(sim_handle_remove(&dev->syncobjs, i));
   sim_handles_fini(&dev->syncobjs);
}

int
sim_ioctl_syncobj_create(struct kiln_sim_amdgpu *dev, void *arg)
{
   struct drm_syncobj_create *args = arg;

   if (args->flags & ~DRM_SYNCOBJ_CREATE_SIGNALED)
      return -EINVAL;
   return sim_syncobj_new(dev, args->flags & DRM_SYNCOBJ_CREATE_SIGNALED, 0, &args->handle);
}

int
sim_ioctl_syncobj_destroy(struct kiln_sim_amdgpu *dev, void *arg)
{
   struct drm_syncobj_destroy *args = arg;

   if (args->pad)
      return -EINVAL;
   struct sim_syncobj *s = sim_handle_remove(&dev->syncobjs, args->handle);
   if (!s)
      return -EINVAL;
   sim_syncobj_put(s);
   return 0;
}

/* ---- fd export / import ---- */

static int
record_fd(int fd, struct sim_syncobj *s, int error)
{
   pthread_mutex_lock(&sync_lock);
   unsigned i;
   for (i = 0; i < exported_count; i++)
      if (exported[i].fd == fd)
         break;
   if (i == exported_count) {
      struct exported_fd *e = realloc(exported, (exported_count + 1) * sizeof(*e));
      if (!e) {
         pthread_mutex_unlock(&sync_lock);
         return -ENOMEM;
      }
      exported = e;
      exported_count++;
   } else if (exported[i].syncobj && --exported[i].syncobj->refcount == 0) {
      /* a stale entry for an fd number the program closed and reused */
      free(exported[i].syncobj);
   }
   if (s)
      s->refcount++;
   exported[i] = (struct exported_fd){ fd, s, error };
   pthread_mutex_unlock(&sync_lock);
   return 0;
}

int
sim_syncobj_to_fd(struct kiln_sim_amdgpu *dev, uint32_t handle, bool sync_file, int *fd_out)
{
   struct sim_syncobj *s = sim_handle_get(&dev->syncobjs, handle);
   if (!s)
      return -EINVAL;

   pthread_mutex_lock(&sync_lock);
   bool signaled = s->has_fence;
   int error = s->error;
   pthread_mutex_unlock(&sync_lock);
   if (sync_file && !signaled)
      return -EINVAL;

   int fd = eventfd(sync_file ? 1 : 0, EFD_CLOEXEC);
   if (fd < 0)
      return -errno;
   int r = record_fd(fd, sync_file ? NULL : s, error);
   if (r) {
      close(fd);
      return r;
   }
   *fd_out = fd;
   return 0;
}

/* drm_syncobj.c's first check of an ioctl that has padding and flags:
 * the padding is zero and no flag is one it does not know. */
static bool
args_valid(uint32_t pad, uint32_t flags, uint32_t known)
{
   return !pad && !(flags & ~known);
}

int
sim_ioctl_syncobj_handle_to_fd(struct kiln_sim_amdgpu *dev, void *arg)
{
   struct drm_syncobj_handle *args = arg;

   if (!args_valid(args->pad, args->flags, DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE))
      return -EINVAL;
   return sim_syncobj_to_fd(
      dev, args->handle, args->flags & DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE, &args->fd);
}

int
sim_ioctl_syncobj_fd_to_handle(struct kiln_sim_amdgpu *dev, void *arg)
{
   struct drm_syncobj_handle *args = arg;
   bool sync_file = args->flags & DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE;

   if (!args_valid(args->pad, args->flags, DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE))
      return -EINVAL;

   pthread_mutex_lock(&sync_lock);
   struct exported_fd e = { -1 };
   for (unsigned i = 0; i < exported_count; i++)
      if (exported[i].fd == args->fd)
         e = exported[i];
   if (e.fd < 0 || sync_file != !e.syncobj) {
      pthread_mutex_unlock(&sync_lock);
      return -EINVAL;
   }
   if (sync_file) {
      /* Replaces the fence of an existing syncobj. */
      struct sim_syncobj *s = sim_handle_get(&dev->syncobjs, args->handle);
      if (!s) {
         pthread_mutex_unlock(&sync_lock);
         return -ENOENT;
      }
      signal_locked(s, e.error, 0);
      pthread_cond_broadcast(&sync_cond);
      pthread_mutex_unlock(&sync_lock);
      return 0;
   }
   e.syncobj->refcount++;
   pthread_mutex_unlock(&sync_lock);

   uint32_t handle = sim_handle_alloc(&dev->syncobjs, e.syncobj);
   if (!handle) {
      sim_syncobj_put(e.syncobj);
      return -ENOMEM;
   }
   args->handle = handle;
   return 0;
}

/* ---- waits ---- */

static int
lookup_array(struct kiln_sim_amdgpu *dev, uint64_t handles_ptr, uint32_t count,
             struct sim_syncobj ***out)
{
   const uint32_t *handles = (const uint32_t *)(uintptr_t)handles_ptr;
   if (!count)
      return -EINVAL;
   if (!handles)
      return -EFAULT;
   struct sim_syncobj **objs = calloc(count, sizeof(*objs));
   if (!objs)
      return -ENOMEM;
   for (uint32_t i = 0; i < count; i++) {
      objs[i] = sim_syncobj_get(dev, handles[i]);
      if (!objs[i]) {
         for (uint32_t j = 0; j < i; j++)
            sim_syncobj_put(objs[j]);
         free(objs);
         return -ENOENT;
      }
   }
   *out = objs;
   return 0;
}

static void
put_array(struct sim_syncobj **objs, uint32_t count)
{
   for (uint32_t i = 0; i < count; i++)
      sim_syncobj_put(objs[i]);
   free(objs);
}

#define SIM_SYNCOBJ_WAIT_FLAGS                                                                     \
   (DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL | DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT |                     \
    DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE | DRM_SYNCOBJ_WAIT_FLAGS_WAIT_DEADLINE)

/* Called without the device lock: a WAIT_FOR_SUBMIT wait may sleep until
 * another thread's CS signals. */
static int
wait_syncobjs(struct sim_syncobj **objs, const uint64_t *points, uint32_t count, uint32_t flags,
              int64_t timeout_nsec, uint32_t *first_signaled)
{
   bool wait_all = flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL;
   bool for_submit = flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT;
   struct timespec deadline = {
      .tv_sec = timeout_nsec > 0 ? timeout_nsec / 1000000000 : 0,
      .tv_nsec = timeout_nsec > 0 ? timeout_nsec % 1000000000 : 0,
   };
   int r = 0;

   pthread_mutex_lock(&sync_lock);
   if (!for_submit) {
      for (uint32_t i = 0; i < count; i++) {
         if (!has_fence_locked(objs[i], points ? points[i] : 0)) {
            pthread_mutex_unlock(&sync_lock);
            return -EINVAL;
         }
      }
   }
   for (;;) {
      uint32_t done = 0, first = ~0u;
      for (uint32_t i = 0; i < count; i++) {
         if (has_fence_locked(objs[i], points ? points[i] : 0)) {
            done++;
            if (first == ~0u)
               first = i;
         }
      }
      if (wait_all ? done == count : done > 0) {
         *first_signaled = wait_all ? 0 : first;
         break;
      }
      if (pthread_cond_timedwait(&sync_cond, &sync_lock, &deadline) == ETIMEDOUT) {
         r = -ETIME;
         break;
      }
   }
   pthread_mutex_unlock(&sync_lock);
   return r;
}

/* Both wait ioctls: the syncobjs are looked up under the device lock,
 * which is dropped for the wait itself so a CS can signal them. */
static int
wait_handles(struct kiln_sim_amdgpu *dev, uint64_t handles, uint32_t count, const uint64_t *points,
             uint32_t flags, int64_t timeout_nsec, uint32_t *first_signaled)
{
   struct sim_syncobj **objs;

   if (flags & ~SIM_SYNCOBJ_WAIT_FLAGS)
      return -EINVAL;
   int r = lookup_array(dev, handles, count, &objs);
   if (r)
      return r;
   pthread_mutex_unlock(&dev->lock);
   r = wait_syncobjs(objs, points, count, flags, timeout_nsec, first_signaled);
   pthread_mutex_lock(&dev->lock);
   put_array(objs, count);
   return r;
}

int
sim_ioctl_syncobj_wait(struct kiln_sim_amdgpu *dev, void *arg)
{
   struct drm_syncobj_wait *args = arg;
   return wait_handles(dev, args->handles, args->count_handles, NULL, args->flags,
                       args->timeout_nsec, &args->first_signaled);
}

int
sim_ioctl_syncobj_timeline_wait(struct kiln_sim_amdgpu *dev, void *arg)
{
   struct drm_syncobj_timeline_wait *args = arg;
   const uint64_t *points = (const uint64_t *)(uintptr_t)args->points;

   if (!(args->flags & ~SIM_SYNCOBJ_WAIT_FLAGS) && !points && args->count_handles)
      return -EFAULT;
   return wait_handles(dev, args->handles, args->count_handles, points, args->flags,
                       args->timeout_nsec, &args->first_signaled);
}

/* ---- signal, reset, query, transfer ---- */

int
sim_ioctl_syncobj_reset(struct kiln_sim_amdgpu *dev, void *arg)
{
   struct drm_syncobj_array *args = arg;
   struct sim_syncobj **objs;

   if (args->pad)
      return -EINVAL;
   int r = lookup_array(dev, args->handles, args->count_handles, &objs);
   if (r)
      return r;
   pthread_mutex_lock(&sync_lock);
   for (uint32_t i = 0; i < args->count_handles; i++) {
      objs[i]->has_fence = false;
      objs[i]->error = 0;
   }
   pthread_mutex_unlock(&sync_lock);
   put_array(objs, args->count_handles);
   return 0;
}

/* SIGNAL and TIMELINE_SIGNAL: with points NULL, binary syncobjs. */
static int
signal_handles(struct kiln_sim_amdgpu *dev, uint64_t handles, uint32_t count,
               const uint64_t *points)
{
   struct sim_syncobj **objs;

   int r = lookup_array(dev, handles, count, &objs);
   if (r)
      return r;
   for (uint32_t i = 0; i < count; i++)
      sim_syncobj_signal(objs[i], 0, points ? points[i] : 0);
   put_array(objs, count);
   return 0;
}

int
sim_ioctl_syncobj_signal(struct kiln_sim_amdgpu *dev, void *arg)
{
   struct drm_syncobj_array *args = arg;

   if (args->pad)
      return -EINVAL;
   return signal_handles(dev, args->handles, args->count_handles, NULL);
}

/* The checks of TIMELINE_SIGNAL's and QUERY's arguments: known flags, and
 * a point array wherever there are handles. */
static int
check_timeline_array(const struct drm_syncobj_timeline_array *args, uint32_t known_flags)
{
   if (args->flags & ~known_flags)
      return -EINVAL;
   if (!args->points && args->count_handles)
      return -EFAULT;
   return 0;
}

int
sim_ioctl_syncobj_timeline_signal(struct kiln_sim_amdgpu *dev, void *arg)
{
   struct drm_syncobj_timeline_array *args = arg;

   int r = check_timeline_array(args, 0);
   if (r)
      return r;
   return signal_handles(dev, args->handles, args->count_handles,
                         (const uint64_t *)(uintptr_t)args->points);
}

int
sim_ioctl_syncobj_query(struct kiln_sim_amdgpu *dev, void *arg)
{
   struct drm_syncobj_timeline_array *args = arg;
   uint64_t *points = (uint64_t *)(uintptr_t)args->points;
   struct sim_syncobj **objs;

   int r = check_timeline_array(args, DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED);
   if (r)
      return r;
   r = lookup_array(dev, args->handles, args->count_handles, &objs);
   if (r)
      return r;
   /* Submitted and signaled are the same thing here. */
   pthread_mutex_lock(&sync_lock);
   for (uint32_t i = 0; i < args->count_handles; i++)
      points[i] = objs[i]->point;
   pthread_mutex_unlock(&sync_lock);
   put_array(objs, args->count_handles);
   return 0;
}

int
sim_ioctl_syncobj_transfer(struct kiln_sim_amdgpu *dev, void *arg)
{
   struct drm_syncobj_transfer *args = arg;

   if (!args_valid(args->pad, args->flags, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT))
      return -EINVAL;
   struct sim_syncobj *src = sim_handle_get(&dev->syncobjs, args->src_handle);
   struct sim_syncobj *dst = sim_handle_get(&dev->syncobjs, args->dst_handle);
   if (!src || !dst)
      return -ENOENT;

   pthread_mutex_lock(&sync_lock);
   int r = 0;
   if (!has_fence_locked(src, args->src_point)) {
      r = -EINVAL;
   } else {
      signal_locked(dst, src->error, args->dst_point);
      pthread_cond_broadcast(&sync_cond);
   }
   pthread_mutex_unlock(&sync_lock);
   return r;
}
