/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * Shared machinery of the vector ALU families.  Every VALU opcode is
 * described by a valu_desc (operand types, destination kind, flags) and a
 * semantic function that loops lanes over a prepared valu_io: the exec
 * wrappers in valu_exec.c resolve each source once per instruction into a
 * lane array (a VGPR, or a DPP/SDWA-transformed copy) or a uniform value
 * read with lane index mask 0, so the per-lane loop of an opcode is a
 * load, the operation and a store.  Source modifiers (abs/neg, op_sel)
 * become masks and shifts, also resolved before the loop.
 *
 * The per-family files (valu_f32.c, valu_f64.c, valu_f16.c, valu_int.c,
 * valu_cmp.c, valu_lane.c, valu_packed.c) each export a table of
 * valu_entry rows keyed by the generated SIM_OP_* enum.
 */
#ifndef VALU_INTERNAL_H
#define VALU_INTERNAL_H

#include "sim_core.h"
#include "sim_fp.h"

/* Operand types: how a source is read (width, inline-constant format,
 * modifiers) and how a destination is written. */
enum valu_type {
   VT_NONE = 0,
   VT_B32, /* 32-bit integer / bits */
   VT_F32,
   VT_B16, /* 16-bit integer in a half of a VGPR */
   VT_F16,
   VT_B64, /* 64-bit integer, unsigned (literal zero-extended) */
   VT_I64, /* 64-bit integer, signed (literal sign-extended) */
   VT_F64,
   VT_MASK, /* source: a scalar lane mask (carry-in, cndmask); dest: VOPC/carry mask */
   VT_SGPR, /* dest: a scalar register (readlane, readfirstlane) */
   VT_PK16, /* 32-bit VGPR holding two 16-bit values (VOP3P) */
};

enum valu_flags {
   VALU_ACC = 1 << 0,       /* src2 is vdst (v_fmac, v_mac, v_dot*c) */
   VALU_CARRY_OUT = 1 << 1, /* also writes a lane mask (VCC in VOP2, sdst in VOP3b) */
   VALU_CMPX = 1 << 2,      /* VOPC result goes to EXEC */
   VALU_FMAMK = 1 << 3,     /* VOP2 literal form: src1 is the literal */
   VALU_FMAAK = 1 << 4,     /* VOP2 literal form: src2 is the literal */
   VALU_LANE = 1 << 5,      /* handles exec/operands itself (lane-crossing) */
   VALU_NO_MODS = 1 << 6,   /* integer op: abs/neg bits are not modifiers */
   VALU_CLAMP_INT = 1 << 7, /* clamp bit saturates an integer result */
};

struct valu_io {
   uint64_t exec;
   uint64_t all;                 /* every lane of the wave */
   unsigned nlanes;              /* wave size */
   const uint32_t *s[3], *sh[3]; /* low / high dword lane arrays */
   uint32_t m[3];                /* lane index masks: 63, or 0 for uniform */
   uint32_t am[3], nm[3];        /* abs and neg masks (F64: on the high dword) */
   unsigned sel[3];              /* 16-bit sources: bit offset 0 or 16 */
   uint32_t *d, *dh;             /* destination lane arrays */
   unsigned dsel;                /* 16-bit destination: bit offset 0 or 16 */
   uint64_t mask_in;             /* VT_MASK source */
   uint64_t mask_out;            /* VT_MASK destination / carry out */
   uint32_t u[3][2];             /* uniform values */
   uint32_t pk_lo[3], pk_hi[3];  /* VOP3P: half offsets per source */
   uint32_t nm_hi[3];            /* VOP3P: neg_hi masks */
   unsigned round, denorm;       /* MODE fields for the op's type */
   unsigned arg;                 /* valu_desc.arg */
   bool ieee, dx10;
};

typedef void (*valu_fn)(struct sim_wave *w, const struct sim_inst *in, struct valu_io *io);

struct valu_desc {
   valu_fn fn;
   uint8_t src[3]; /* enum valu_type; VT_NONE = absent */
   uint8_t dst;
   uint8_t flags;
   uint8_t arg; /* a per-opcode parameter of a shared semantic function */
};

struct valu_entry {
   uint16_t op;
   struct valu_desc desc;
};

#define VALU_ENTRY(name, fn_, s0, s1, s2, d, fl)                                                   \
   {                                                                                               \
      SIM_OP_##name,                                                                               \
      {                                                                                            \
         fn_, { VT_##s0, VT_##s1, VT_##s2 }, VT_##d, (fl), 0                                       \
      }                                                                                            \
   }
#define VALU_ENTRY_ARG(name, fn_, s0, s1, s2, d, fl, a)                                            \
   {                                                                                               \
      SIM_OP_##name,                                                                               \
      {                                                                                            \
         fn_, { VT_##s0, VT_##s1, VT_##s2 }, VT_##d, (fl), (a)                                     \
      }                                                                                            \
   }

struct valu_table {
   const struct valu_entry *rows;
   unsigned count;
};

extern const struct valu_table valu_f32_table, valu_f64_table, valu_f16_table, valu_int_table,
   valu_cmp_table, valu_lane_table, valu_packed_table;

/* The descriptor of an op (fn NULL when not implemented). */
const struct valu_desc *valu_desc_of(unsigned op);
/* The table itself, filled before the first instruction decodes: exec
 * functions index it directly. */
extern struct valu_desc valu_descs[SIM_OP_COUNT];

/* Fields of sim_valu_fields.aux. */
enum {
   VALU_AUX_KIND = 0,   /* enum valu_kind */
   VALU_AUX_DPP = 1,    /* DPP16 control word / DPP8 selects */
   VALU_AUX_SDWA = 2,   /* SDWA dword */
   VALU_AUX_SRCIDX = 3, /* lane-op specific */
};

enum valu_kind {
   VALU_KIND_PLAIN = 0,
   VALU_KIND_DPP16,
   VALU_KIND_DPP8,
   VALU_KIND_SDWA,
};

/* Reads a 16-bit half selected per lane. */
#define VALU_RD(i)  (io->s[i][l & io->m[i]])
#define VALU_RDH(i) (io->sh[i][l & io->m[i]])
#define VALU_U32(i) VALU_RD(i)
/* A source known to be uniform (a scalar operand): lane 0's value. */
#define VALU_RD_UNIFORM(i) (io->s[i][0])
#define VALU_F32(i)        sim_f32((VALU_RD(i) & io->am[i]) ^ io->nm[i])
#define VALU_B32F(i)       ((VALU_RD(i) & io->am[i]) ^ io->nm[i])
#define VALU_U64(i)        (((uint64_t)VALU_RDH(i) << 32) | VALU_RD(i))
#define VALU_B64F(i)       (((uint64_t)((VALU_RDH(i) & io->am[i]) ^ io->nm[i]) << 32) | VALU_RD(i))
#define VALU_F64(i)        sim_f64(VALU_B64F(i))
#define VALU_U16(i)        ((uint16_t)(VALU_RD(i) >> io->sel[i]))
#define VALU_H16(i)        ((uint16_t)((VALU_U16(i) & io->am[i]) ^ io->nm[i]))

#define VALU_WR32(v) (io->d[l] = (v))
#define VALU_WR64(v)                                                                               \
   do {                                                                                            \
      uint64_t _v = (v);                                                                           \
      io->d[l] = (uint32_t)_v;                                                                     \
      io->dh[l] = (uint32_t)(_v >> 32);                                                            \
   } while (0)
#define VALU_WR16(v)                                                                               \
   (io->d[l] = (io->d[l] & ~(0xffffu << io->dsel)) | ((uint32_t)(uint16_t)(v) << io->dsel))

#define VALU_FN(name)                                                                              \
   static void name(struct sim_wave *w, const struct sim_inst *in, struct valu_io *io)

/* Lanes of io->exec: a plain counted loop when every lane of the wave is
 * active (the common case, and one the compiler can unroll), else one
 * iteration per set bit. */
#define VALU_LANES(...)                                                                            \
   if (io->exec == io->all) {                                                                      \
      for (unsigned l = 0; l < io->nlanes; l++) {                                                  \
         __VA_ARGS__;                                                                              \
      }                                                                                            \
   } else {                                                                                        \
      SIM_FOREACH_LANE(l, io->exec)                                                                \
      {                                                                                            \
         __VA_ARGS__;                                                                              \
      }                                                                                            \
   }

/* A lane loop over io->exec with a host fp environment for the MODE of
 * the op's type (set by the exec wrapper in io->round / io->denorm). */
#define VALU_FP_LOOP(...)                                                                          \
   do {                                                                                            \
      struct sim_fp_env _env;                                                                      \
      sim_fp_env_enter(&_env, io->round, io->denorm);                                              \
      VALU_LANES(__VA_ARGS__);                                                                     \
      sim_fp_env_leave(&_env);                                                                     \
   } while (0)

#define VALU_LOOP(...)                                                                             \
   do {                                                                                            \
      VALU_LANES(__VA_ARGS__);                                                                     \
   } while (0)

/* One-line definitions for the common shapes. */
#define DEF_F32(name, expr)                                                                        \
   VALU_FN(name)                                                                                   \
   {                                                                                               \
      (void)w;                                                                                     \
      (void)in;                                                                                    \
      VALU_FP_LOOP(VALU_WR32(sim_u32(expr)));                                                      \
   }
#define DEF_F32B(name, expr)                                                                       \
   VALU_FN(name)                                                                                   \
   {                                                                                               \
      (void)w;                                                                                     \
      (void)in;                                                                                    \
      VALU_FP_LOOP(VALU_WR32(expr));                                                               \
   }
#define DEF_F64(name, expr)                                                                        \
   VALU_FN(name)                                                                                   \
   {                                                                                               \
      (void)w;                                                                                     \
      (void)in;                                                                                    \
      VALU_FP_LOOP(VALU_WR64(sim_u64(expr)));                                                      \
   }
#define DEF_F64B(name, expr)                                                                       \
   VALU_FN(name)                                                                                   \
   {                                                                                               \
      (void)w;                                                                                     \
      (void)in;                                                                                    \
      VALU_FP_LOOP(VALU_WR64(expr));                                                               \
   }
#define DEF_U32(name, expr)                                                                        \
   VALU_FN(name)                                                                                   \
   {                                                                                               \
      (void)w;                                                                                     \
      (void)in;                                                                                    \
      VALU_LOOP(VALU_WR32(expr));                                                                  \
   }
#define DEF_U64(name, expr)                                                                        \
   VALU_FN(name)                                                                                   \
   {                                                                                               \
      (void)w;                                                                                     \
      (void)in;                                                                                    \
      VALU_LOOP(VALU_WR64(expr));                                                                  \
   }
#define DEF_U16(name, expr)                                                                        \
   VALU_FN(name)                                                                                   \
   {                                                                                               \
      (void)w;                                                                                     \
      (void)in;                                                                                    \
      VALU_LOOP(VALU_WR16(expr));                                                                  \
   }
#define DEF_F16(name, expr)                                                                        \
   VALU_FN(name)                                                                                   \
   {                                                                                               \
      (void)w;                                                                                     \
      (void)in;                                                                                    \
      VALU_FP_LOOP(VALU_WR16(expr));                                                               \
   }

/* The division helpers of one width: div_scale writes VCC (or the VOP3b
 * sdst), div_fmas reads VCC. */
#define DEF_DIV_SCALE_FMAS(bits, src, write)                                                       \
   VALU_FN(v_div_scale_f##bits)                                                                    \
   {                                                                                               \
      (void)w;                                                                                     \
      (void)in;                                                                                    \
      VALU_FP_LOOP({                                                                               \
         bool vcc;                                                                                 \
         write(sim_f##bits##_div_scale(src(0), src(1), src(2), &vcc));                             \
         io->mask_out |= (uint64_t)vcc << l;                                                       \
      });                                                                                          \
   }                                                                                               \
   VALU_FN(v_div_fmas_f##bits)                                                                     \
   {                                                                                               \
      uint64_t vcc = sim_vcc_mask(w);                                                              \
      (void)in;                                                                                    \
      VALU_FP_LOOP(write(sim_f##bits##_div_fmas(src(0), src(1), src(2), (vcc >> l) & 1)));         \
   }

/* Flush-to-zero controls for fp16 (the f64/f16 denorm field). */
#define VALU_F16_FLUSH_OUT (!(io->denorm & SIM_DENORM_OUT))
#define VALU_F16_IN(i)     ((io->denorm & SIM_DENORM_IN) ? VALU_H16(i) : sim_f16_flush(VALU_H16(i)))

/* Integer helpers shared by families. */
static inline int32_t
valu_sext(uint32_t v, unsigned bits)
{
   return (int32_t)(v << (32 - bits)) >> (32 - bits);
}

/* c plus the dot product of a's and b's four signed bytes (v_dot4c_i32_i8,
 * v_dot4_i32_i8). */
static inline uint32_t
valu_dot4_i8(uint32_t a, uint32_t b, uint32_t c)
{
   int32_t r = (int32_t)c;
   for (unsigned i = 0; i < 32; i += 8)
      r += (int8_t)(a >> i) * (int8_t)(b >> i);
   return (uint32_t)r;
}

#endif
