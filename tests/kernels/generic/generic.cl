/* The generic address space, OpenCL C 2.0 §6.5.5: a pointer declared
 * without an address space points into __global, __local or __private
 * memory, and an access through it reaches the object it points to
 * whichever that is.  to_global, to_local and to_private (§6.13.9) return
 * the pointer when it points into their address space and NULL otherwise;
 * get_fence returns CLK_GLOBAL_MEM_FENCE or CLK_LOCAL_MEM_FENCE for a
 * pointer into __global or __local memory.  A null pointer converted to
 * or from the generic address space stays null (§6.5.5). */

/* Each work-item points a generic pointer, chosen at run time, into
 * __global (gid % 3 == 0), __local (1) or __private (2) memory, reads and
 * writes through it, and reports the tests; out[4 * gid + 3] re-reads the
 * object through its own address space. */
kernel void
generic_select(global int *out, global int *g, local int *l)
{
   int gid = get_global_id(0), lid = get_local_id(0);
   int priv[4];
   for (int k = 0; k < 4; k++)
      priv[k] = gid * 10 + k;
   l[lid] = gid + 1000;
   barrier(CLK_LOCAL_MEM_FENCE);

   int sel = gid % 3;
   int *p = sel == 0 ? (int *)&g[gid] : sel == 1 ? (int *)&l[lid] : (int *)&priv[gid & 3];
   int before = *p;
   *p = before + 5;
   out[4 * gid + 0] = before;
   out[4 * gid + 1] = (to_global(p) != NULL) | (to_local(p) != NULL) << 1 |
                      (to_private(p) != NULL) << 2;
   out[4 * gid + 2] = sel == 2 ? -1 : (int)get_fence(p);
   out[4 * gid + 3] = sel == 0 ? g[gid] : sel == 1 ? l[lid] : priv[gid & 3];
}

static void
add_to(int *p, int v)
{
   *p += v;
}

static int
sum2(const int *p)
{
   return p[0] + p[1];
}

/* Generic parameters of helper functions, each called with one address
 * space: the compiler may prove it.  out[3 * gid + k]; g[gid] gains 7,
 * h holds two values per work-item. */
kernel void
generic_helpers(global int *out, global int *g, global const int *h, local int *l)
{
   int gid = get_global_id(0), lid = get_local_id(0);
   int priv[2] = { gid, 2 * gid };
   l[2 * lid] = gid + 100;
   l[2 * lid + 1] = gid + 200;
   add_to(&g[gid], 7);
   add_to(&l[2 * lid], 1);
   add_to(&priv[1], 3);
   out[3 * gid + 0] = sum2((const int *)&h[2 * gid]) - 14 * (to_local(&g[gid]) == NULL);
   out[3 * gid + 1] = sum2(&l[2 * lid]) + 1000 * (to_local((int *)&l[lid]) == &l[lid]);
   out[3 * gid + 2] = sum2(priv) + 1000 * (to_private((int *)priv) == priv) +
                      10000 * (to_global((int *)priv) == NULL);
}

/* C11 atomics (§6.13.11) through a generic pointer that points to a
 * __local counter for odd local ids and to a __global one for even ids:
 * every increment lands.  gcount[0] counts the even work-items of the
 * launch; out[group] the odd ones of each group. */
kernel void
generic_atomic(global atomic_int *gcount, global int *out, local atomic_int *lcount)
{
   int lid = get_local_id(0);
   if (lid == 0)
      atomic_init(lcount, 0);
   barrier(CLK_LOCAL_MEM_FENCE);
   volatile atomic_int *c = (lid & 1) ? (volatile atomic_int *)lcount
                                      : (volatile atomic_int *)gcount;
   atomic_fetch_add(c, 1);
   barrier(CLK_LOCAL_MEM_FENCE);
   if (lid == 0)
      out[get_group_id(0)] = atomic_load(lcount);
}

/* Null pointers across the conversion: z = 0 gives a null __local
 * pointer.  out[8 * gid + k] holds 1 for every rule that holds. */
kernel void
generic_null(global int *out, local int *l, int z)
{
   int gid = get_global_id(0);
   local int *ln = z ? l : (local int *)0;
   int *g = ln;                        /* null __local to generic: NULL */
   local int *back = (local int *)g;   /* and back: a null __local pointer */
   int *nn = z ? (int *)0 : (int *)l;  /* __local offset 0: not NULL */
   global int *gn = to_global(nn);
   out[8 * gid + 0] = g == NULL;
   out[8 * gid + 1] = to_local(g) == NULL;
   out[8 * gid + 2] = back == NULL;
   out[8 * gid + 3] = nn != NULL;
   out[8 * gid + 4] = to_local(nn) == l;
   out[8 * gid + 5] = gn == NULL;
   out[8 * gid + 6] = to_private(nn) == NULL;
   out[8 * gid + 7] = (local int *)nn == l;
}

/* Generic pointers kept in a private array and picked by a run-time
 * index: out[gid] = *t[k] + 100 * *t[(k + 1) % 3] for k = gid % 3, with
 * t = { &g[gid], &l[lid], &x } and x = 7 * gid, l[lid] = 3 * gid. */
kernel void
generic_table(global int *out, global int *g, local int *l)
{
   int gid = get_global_id(0), lid = get_local_id(0);
   int x = 7 * gid;
   l[lid] = 3 * gid;
   barrier(CLK_LOCAL_MEM_FENCE);
   int *t[3] = { &g[gid], &l[lid], &x };
   int k = gid % 3;
   out[gid] = *t[k] + 100 * *t[(k + 1) % 3];
}
