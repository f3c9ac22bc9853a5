/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Profiles through the emulated device: a submission layer that wants
 * the profile of its dispatches (kiln_sim_amdgpu_set_profiling) gets each
 * dispatch run with the shader engine's counters on, and takes the
 * profiles from a queue on the file in the order the command processor
 * dispatched them.  The ioctls stay the hardware's: profiling is a side
 * channel of the in-process device, as the fault report is.
 */
#include <pthread.h>

#include "kiln_sim_profile.h"
#include "sim_amdgpu_priv.h"

/* Called by the command processor with dev->lock held. */
int
sim_amdgpu_profiled_dispatch(struct kiln_sim_amdgpu *dev, const struct kiln_sim_dispatch *dispatch,
                             struct kiln_sim_fault *fault)
{
   struct kiln_sim_profile *profile = NULL;
   struct kiln_sim_run_options options = { .profile = &profile };
   int ret = kiln_sim_dispatch(dev->vm, dispatch, &options, fault, NULL);
   if (profile) {
      if (dev->profiles_last)
         dev->profiles_last->next = profile;
      else
         dev->profiles = profile;
      dev->profiles_last = profile;
   }
   return ret;
}

void
kiln_sim_amdgpu_set_profiling(struct kiln_sim_amdgpu *dev, bool on)
{
   pthread_mutex_lock(&dev->lock);
   dev->profiling = on;
   pthread_mutex_unlock(&dev->lock);
}

struct kiln_sim_profile *
kiln_sim_amdgpu_take_profile(struct kiln_sim_amdgpu *dev)
{
   pthread_mutex_lock(&dev->lock);
   struct kiln_sim_profile *p = dev->profiles;
   if (p) {
      dev->profiles = p->next;
      if (!dev->profiles)
         dev->profiles_last = NULL;
      p->next = NULL;
   }
   pthread_mutex_unlock(&dev->lock);
   return p;
}

void
sim_amdgpu_profiles_free(struct kiln_sim_amdgpu *dev)
{
   while (dev->profiles) {
      struct kiln_sim_profile *p = dev->profiles;
      dev->profiles = p->next;
      kiln_sim_profile_free(p);
   }
   dev->profiles_last = NULL;
}
