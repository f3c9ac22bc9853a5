/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Event wait lists (OpenCL C 2.0 §6.13.17.3-6): on block events, user
 * events and markers, enqueued in an order that differs from the order
 * they must run in.  Every child takes a ticket from a counter when it
 * runs, so the tickets give the order the events allow:
 *   c waits for a marker on {a, b} and for user event u,
 *   b waits for a,
 *   a waits for nothing,
 * enqueued c first (u is set complete only after all three are enqueued),
 * so a, b, c must run in that order.  is_valid_event holds for the events
 * made and not for CLK_NULL_EVENT; every event is released.
 */

kernel void
ordered(global int *tickets, global int *out)
{
   if (get_global_id(0) != 0)
      return;
   queue_t q = get_default_queue();
   clk_event_t a, b, m, c;
   clk_event_t u = create_user_event();
   out[4] = is_valid_event(u);
   out[5] = is_valid_event(CLK_NULL_EVENT);

   /* a and b are enqueued first only to have events for c to wait on;
    * b waits for a. */
   out[0] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), 0, NULL, &a,
                           ^{ tickets[0] = atomic_inc(&tickets[3]); });
   out[1] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), 1, &a, &b,
                           ^{ tickets[1] = atomic_inc(&tickets[3]); });
   clk_event_t ab[2] = {b, a};
   out[2] = enqueue_marker(q, 2, ab, &m);
   clk_event_t mu[2] = {u, m};
   out[3] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), 2, mu, &c,
                           ^{ tickets[2] = atomic_inc(&tickets[3]); });
   out[6] = is_valid_event(c);
   set_user_event_status(u, CL_COMPLETE);
   release_event(a);
   release_event(b);
   release_event(m);
   release_event(c);
   release_event(u);
}

/* Three generations: each child enqueues the next, waiting on nothing,
 * while its sibling waits on its event: a parent is complete only when
 * its children are (§6.13.17), so the sibling runs after the whole
 * chain. */
kernel void
after_tree(global int *tickets, global int *out)
{
   if (get_global_id(0) != 0)
      return;
   queue_t q = get_default_queue();
   clk_event_t tree;
   out[0] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), 0, NULL, &tree, ^{
      tickets[0] = atomic_inc(&tickets[3]);
      enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(1), ^{
         tickets[1] = atomic_inc(&tickets[3]);
      });
   });
   out[1] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), 1, &tree, NULL,
                           ^{ tickets[2] = atomic_inc(&tickets[3]); });
   release_event(tree);
}
