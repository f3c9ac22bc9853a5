/*
 * Copyright © 2026 kiln contributors
 * SPDX-License-Identifier: MIT
 *
 * The HSA code object loader: an AMDGPU ELF64 shared object (as clang's
 * `-target amdgcn-amd-amdhsa` links it) becomes one host buffer mapped
 * read/write/execute into a kiln_sim_vm, its R_AMDGPU_* relocations
 * applied for the VA it landed at, and its kernels known by their
 * metadata and kernel descriptors.  The ELF is parsed by hand with
 * <elf.h>'s structures: a code object is small and every offset and size in
 * it is bounds-checked before use, so a corrupt file yields an error that
 * names the field, never a crash.
 *
 * The object also owns a bump-allocated VA range above the image for
 * dispatch state (kernarg segments, dispatch packets, scratch) and for
 * buffers the caller wants (kiln_sim_hsa_alloc).
 */
#include "hsa_priv.h"

#include <elf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef EM_AMDGPU
#define EM_AMDGPU 224
#endif

/* AMDGPUUsage "Relocation Records". */
enum sim_hsa_reloc {
   R_AMDGPU_NONE = 0,
   R_AMDGPU_ABS32_LO = 1,
   R_AMDGPU_ABS32_HI = 2,
   R_AMDGPU_ABS64 = 3,
   R_AMDGPU_REL32 = 4,
   R_AMDGPU_REL64 = 5,
   R_AMDGPU_ABS32 = 6,
   R_AMDGPU_REL32_LO = 10,
   R_AMDGPU_REL32_HI = 11,
   R_AMDGPU_RELATIVE64 = 13,
};

#define SIM_HSA_PAGE       4096ull
#define SIM_HSA_HEAP_ALIGN 256ull

static uint64_t
align_up(uint64_t v, uint64_t a)
{
   return (v + a - 1) & ~(a - 1);
}

int
sim_hsa_error(struct kiln_sim_hsa_object *obj, int err, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(obj->error, sizeof(obj->error), fmt, ap);
   va_end(ap);
   return err;
}

/* The ELF being loaded, with its bounds. */
struct elf_file {
   const uint8_t *data;
   size_t size;
   const Elf64_Ehdr *eh;
};

static bool
elf_range_ok(const struct elf_file *f, uint64_t off, uint64_t len)
{
   return off <= f->size && len <= f->size - off;
}

static const Elf64_Shdr *
elf_section(const struct elf_file *f, unsigned i)
{
   return (const Elf64_Shdr *)(f->data + f->eh->e_shoff) + i;
}

static int
check_header(struct kiln_sim_hsa_object *obj, struct elf_file *f)
{
   const Elf64_Ehdr *eh = (const Elf64_Ehdr *)f->data;

   if (f->size < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG))
      return sim_hsa_error(obj, -EINVAL, "not an ELF file");
   if (eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_ident[EI_DATA] != ELFDATA2LSB)
      return sim_hsa_error(obj, -EINVAL, "not a little-endian ELF64 file");
   if (eh->e_machine != EM_AMDGPU)
      return sim_hsa_error(obj, -EINVAL, "e_machine %u is not EM_AMDGPU (%u)", eh->e_machine,
                           EM_AMDGPU);
   if (eh->e_phentsize != sizeof(Elf64_Phdr) ||
       !elf_range_ok(f, eh->e_phoff, (uint64_t)eh->e_phnum * sizeof(Elf64_Phdr)))
      return sim_hsa_error(obj, -EINVAL, "program headers at 0x%llx out of the file",
                           (unsigned long long)eh->e_phoff);
   if (eh->e_shnum && (eh->e_shentsize != sizeof(Elf64_Shdr) ||
                       !elf_range_ok(f, eh->e_shoff, (uint64_t)eh->e_shnum * sizeof(Elf64_Shdr))))
      return sim_hsa_error(obj, -EINVAL, "section headers at 0x%llx out of the file",
                           (unsigned long long)eh->e_shoff);
   for (unsigned i = 0; i < eh->e_shnum; i++) {
      const Elf64_Shdr *sh = (const Elf64_Shdr *)(f->data + eh->e_shoff) + i;
      if (sh->sh_type != SHT_NOBITS && !elf_range_ok(f, sh->sh_offset, sh->sh_size))
         return sim_hsa_error(obj, -EINVAL, "section %u at 0x%llx+0x%llx out of the file", i,
                              (unsigned long long)sh->sh_offset, (unsigned long long)sh->sh_size);
   }
   f->eh = eh;
   return 0;
}

/* Copies the PT_LOAD segments into one host buffer and maps it. */
static int
load_segments(struct kiln_sim_hsa_object *obj, const struct elf_file *f, uint64_t load_va,
              uint64_t *lowest)
{
   const Elf64_Phdr *ph = (const Elf64_Phdr *)(f->data + f->eh->e_phoff);
   uint64_t lo = UINT64_MAX, hi = 0;

   for (unsigned i = 0; i < f->eh->e_phnum; i++) {
      if (ph[i].p_type != PT_LOAD || ph[i].p_memsz == 0)
         continue;
      if (ph[i].p_filesz > ph[i].p_memsz || !elf_range_ok(f, ph[i].p_offset, ph[i].p_filesz) ||
          ph[i].p_vaddr + ph[i].p_memsz < ph[i].p_vaddr)
         return sim_hsa_error(obj, -EINVAL, "PT_LOAD %u (vaddr 0x%llx) is malformed", i,
                              (unsigned long long)ph[i].p_vaddr);
      if (ph[i].p_vaddr < lo)
         lo = ph[i].p_vaddr;
      if (ph[i].p_vaddr + ph[i].p_memsz > hi)
         hi = ph[i].p_vaddr + ph[i].p_memsz;
   }
   if (lo == UINT64_MAX)
      return sim_hsa_error(obj, -EINVAL, "no PT_LOAD segment");
   lo &= ~(SIM_HSA_PAGE - 1);
   if (hi - lo > (1ull << 32))
      return sim_hsa_error(obj, -EINVAL, "loadable image of 0x%llx bytes is too large",
                           (unsigned long long)(hi - lo));

   obj->load_size = align_up(hi - lo, SIM_HSA_PAGE);
   obj->image = aligned_alloc(SIM_HSA_PAGE, obj->load_size);
   if (!obj->image)
      return -ENOMEM;
   memset(obj->image, 0, obj->load_size);
   for (unsigned i = 0; i < f->eh->e_phnum; i++) {
      if (ph[i].p_type == PT_LOAD && ph[i].p_memsz)
         memcpy((uint8_t *)obj->image + (ph[i].p_vaddr - lo), f->data + ph[i].p_offset,
                ph[i].p_filesz);
   }
   int ret = kiln_sim_vm_map(obj->vm, load_va, obj->image, obj->load_size,
                             KILN_SIM_MAP_READ | KILN_SIM_MAP_WRITE | KILN_SIM_MAP_EXEC);
   if (ret) {
      free(obj->image);
      obj->image = NULL;
      return sim_hsa_error(obj, ret, "cannot map the image at VA 0x%llx (%s)",
                           (unsigned long long)load_va, strerror(-ret));
   }
   obj->load_va = load_va;
   *lowest = lo;
   return 0;
}

/* The symbol table section (SHT_SYMTAB preferred, else SHT_DYNSYM). */
static const Elf64_Shdr *
find_symtab(const struct elf_file *f, unsigned type)
{
   for (unsigned i = 0; i < f->eh->e_shnum; i++) {
      const Elf64_Shdr *sh = elf_section(f, i);
      if (sh->sh_type == type && sh->sh_entsize == sizeof(Elf64_Sym) &&
          sh->sh_link < f->eh->e_shnum)
         return sh;
   }
   return NULL;
}

static const char *
sym_name(const struct elf_file *f, const Elf64_Shdr *symtab, const Elf64_Sym *s)
{
   const Elf64_Shdr *strtab = elf_section(f, symtab->sh_link);
   if (s->st_name >= strtab->sh_size)
      return "";
   const char *name = (const char *)f->data + strtab->sh_offset + s->st_name;
   /* The name must end inside the string table. */
   if (!memchr(name, '\0', strtab->sh_size - s->st_name))
      return "";
   return name;
}

static const Elf64_Sym *
lookup_symbol(const struct elf_file *f, const char *name)
{
   static const unsigned types[] = { SHT_SYMTAB, SHT_DYNSYM };
   for (unsigned t = 0; t < 2; t++) {
      const Elf64_Shdr *symtab = find_symtab(f, types[t]);
      if (!symtab)
         continue;
      const Elf64_Sym *syms = (const Elf64_Sym *)(f->data + symtab->sh_offset);
      for (uint64_t i = 1; i < symtab->sh_size / sizeof(Elf64_Sym); i++) {
         if (syms[i].st_shndx != SHN_UNDEF && strcmp(sym_name(f, symtab, &syms[i]), name) == 0)
            return &syms[i];
      }
   }
   return NULL;
}

static int
apply_relocations(struct kiln_sim_hsa_object *obj, const struct elf_file *f, uint64_t lowest)
{
   uint64_t delta = obj->load_va - lowest;

   for (unsigned i = 0; i < f->eh->e_shnum; i++) {
      const Elf64_Shdr *sh = elf_section(f, i);
      if (sh->sh_type == SHT_REL)
         return sim_hsa_error(obj, -ENOTSUP,
                              "SHT_REL section %u: only RELA is used "
                              "by AMDGPU",
                              i);
      if (sh->sh_type != SHT_RELA || !(sh->sh_flags & SHF_ALLOC))
         continue;
      if (sh->sh_entsize != sizeof(Elf64_Rela) || sh->sh_link >= f->eh->e_shnum)
         return sim_hsa_error(obj, -EINVAL, "RELA section %u is malformed", i);
      const Elf64_Shdr *symtab = elf_section(f, sh->sh_link);
      const Elf64_Rela *rel = (const Elf64_Rela *)(f->data + sh->sh_offset);
      uint64_t nsyms = symtab->sh_size / sizeof(Elf64_Sym);

      for (uint64_t r = 0; r < sh->sh_size / sizeof(Elf64_Rela); r++) {
         unsigned type = ELF64_R_TYPE(rel[r].r_info);
         uint64_t symi = ELF64_R_SYM(rel[r].r_info);
         uint64_t S = 0, A = rel[r].r_addend;
         uint64_t P = rel[r].r_offset + delta;
         uint64_t at = rel[r].r_offset - lowest;

         if (type == R_AMDGPU_NONE)
            continue;
         if (symi) {
            const Elf64_Sym *s;
            if (symi >= nsyms)
               return sim_hsa_error(obj, -EINVAL,
                                    "relocation %llu of section %u: "
                                    "symbol %llu out of range",
                                    (unsigned long long)r, i, (unsigned long long)symi);
            s = (const Elf64_Sym *)(f->data + symtab->sh_offset) + symi;
            if (s->st_shndx == SHN_UNDEF)
               return sim_hsa_error(obj, -ENOENT,
                                    "relocation at 0x%llx: undefined "
                                    "symbol %s",
                                    (unsigned long long)rel[r].r_offset, sym_name(f, symtab, s));
            S = s->st_shndx == SHN_ABS ? s->st_value : s->st_value + delta;
         }

         uint64_t v;
         unsigned bytes;
         switch (type) {
         case R_AMDGPU_ABS32_LO:
            v = (S + A) & 0xffffffff;
            bytes = 4;
            break;
         case R_AMDGPU_ABS32_HI:
            v = (S + A) >> 32;
            bytes = 4;
            break;
         case R_AMDGPU_ABS64:
            v = S + A;
            bytes = 8;
            break;
         case R_AMDGPU_REL32:
            v = S + A - P;
            bytes = 4;
            break;
         case R_AMDGPU_REL64:
            v = S + A - P;
            bytes = 8;
            break;
         case R_AMDGPU_ABS32:
            v = S + A;
            bytes = 4;
            break;
         case R_AMDGPU_REL32_LO:
            v = (S + A - P) & 0xffffffff;
            bytes = 4;
            break;
         case R_AMDGPU_REL32_HI:
            v = (S + A - P) >> 32;
            bytes = 4;
            break;
         case R_AMDGPU_RELATIVE64:
            v = delta + A;
            bytes = 8;
            break;
         default:
            return sim_hsa_error(obj, -ENOTSUP,
                                 "relocation at 0x%llx: type %u is "
                                 "not supported",
                                 (unsigned long long)rel[r].r_offset, type);
         }
         if (rel[r].r_offset < lowest || at > obj->load_size - bytes)
            return sim_hsa_error(obj, -EINVAL,
                                 "relocation at 0x%llx lies outside "
                                 "the loaded image",
                                 (unsigned long long)rel[r].r_offset);
         memcpy((uint8_t *)obj->image + at, &v, bytes); /* little-endian */
      }
   }
   return 0;
}

/* The NT_AMDGPU_METADATA note's descriptor, from PT_NOTE segments. */
static int
find_metadata(struct kiln_sim_hsa_object *obj, const struct elf_file *f, const uint8_t **desc,
              size_t *desc_size)
{
   const Elf64_Phdr *ph = (const Elf64_Phdr *)(f->data + f->eh->e_phoff);

   for (unsigned i = 0; i < f->eh->e_phnum; i++) {
      if (ph[i].p_type != PT_NOTE || !elf_range_ok(f, ph[i].p_offset, ph[i].p_filesz))
         continue;
      const uint8_t *p = f->data + ph[i].p_offset;
      uint64_t left = ph[i].p_filesz;
      while (left >= sizeof(Elf64_Nhdr)) {
         const Elf64_Nhdr *nh = (const Elf64_Nhdr *)p;
         uint64_t name_sz = align_up(nh->n_namesz, 4);
         uint64_t desc_sz = align_up(nh->n_descsz, 4);
         if (sizeof(*nh) + name_sz + desc_sz > left)
            break;
         const char *name = (const char *)(p + sizeof(*nh));
         if (nh->n_type == SIM_HSA_NT_AMDGPU_METADATA &&
             nh->n_namesz == sizeof(SIM_HSA_NOTE_OWNER) &&
             memcmp(name, SIM_HSA_NOTE_OWNER, sizeof(SIM_HSA_NOTE_OWNER)) == 0) {
            *desc = p + sizeof(*nh) + name_sz;
            *desc_size = nh->n_descsz;
            return 0;
         }
         p += sizeof(*nh) + name_sz + desc_sz;
         left -= sizeof(*nh) + name_sz + desc_sz;
      }
   }
   return sim_hsa_error(obj, -ENOENT,
                        "no NT_AMDGPU_METADATA note (code object v2 "
                        "or not an HSA code object)");
}

static int
locate_descriptors(struct kiln_sim_hsa_object *obj, const struct elf_file *f, uint64_t lowest)
{
   for (unsigned i = 0; i < obj->num_kernels; i++) {
      struct kiln_sim_hsa_kernel *k = &obj->kernels[i];
      const Elf64_Sym *s = lookup_symbol(f, k->symbol);
      if (!s)
         return sim_hsa_error(obj, -ENOENT, "kernel %s: no symbol %s", k->name, k->symbol);
      uint64_t at = s->st_value - lowest;
      if (s->st_value < lowest || obj->load_size < SIM_HSA_DESCRIPTOR_SIZE ||
          at > obj->load_size - SIM_HSA_DESCRIPTOR_SIZE)
         return sim_hsa_error(obj, -EINVAL,
                              "kernel %s: descriptor %s at 0x%llx "
                              "lies outside the loaded image",
                              k->name, k->symbol, (unsigned long long)s->st_value);
      sim_hsa_decode_descriptor((const uint8_t *)obj->image + at, &k->descriptor);
      k->descriptor_va = obj->load_va + at;
      k->code_va = k->descriptor_va + k->descriptor.kernel_code_entry_byte_offset;
      if (k->code_va < obj->load_va || k->code_va >= obj->load_va + obj->load_size ||
          (k->code_va & 255))
         return sim_hsa_error(obj, -EINVAL,
                              "kernel %s: entry 0x%llx (descriptor "
                              "offset %lld) is outside the image or not 256-byte "
                              "aligned",
                              k->name, (unsigned long long)k->code_va,
                              (long long)k->descriptor.kernel_code_entry_byte_offset);
   }
   return 0;
}

int
kiln_sim_hsa_load(struct kiln_sim_vm *vm, const void *elf, size_t size, uint64_t load_va,
                  uint64_t heap_size, struct kiln_sim_hsa_object **out, char *err, size_t err_size)
{
   struct elf_file f = { .data = elf, .size = size };
   struct kiln_sim_hsa_object *obj = calloc(1, sizeof(*obj));
   const uint8_t *note = NULL;
   size_t note_size = 0;
   uint64_t lowest = 0;
   int ret;

   *out = NULL;
   if (!obj)
      return -ENOMEM;
   obj->vm = vm;
   if (load_va & (SIM_HSA_PAGE - 1)) {
      ret = sim_hsa_error(obj, -EINVAL, "load VA 0x%llx is not 4 KiB aligned",
                          (unsigned long long)load_va);
      goto fail;
   }
   if ((ret = check_header(obj, &f)) || (ret = load_segments(obj, &f, load_va, &lowest)) ||
       (ret = apply_relocations(obj, &f, lowest)) ||
       (ret = find_metadata(obj, &f, &note, &note_size)) ||
       (ret = sim_hsa_parse_metadata(obj, note, note_size)) ||
       (ret = locate_descriptors(obj, &f, lowest)))
      goto fail;

   obj->heap_va = align_up(load_va + obj->load_size + SIM_HSA_PAGE, 1 << 16);
   obj->heap_end = obj->heap_va + heap_size;
   *out = obj;
   return 0;

fail:
   if (err && err_size)
      snprintf(err, err_size, "%s", obj->error[0] ? obj->error : strerror(-ret));
   kiln_sim_hsa_unload(obj);
   return ret;
}

void
kiln_sim_hsa_unload(struct kiln_sim_hsa_object *obj)
{
   if (!obj)
      return;
   while (obj->allocations) {
      struct kiln_sim_hsa_allocation *a = obj->allocations;
      obj->allocations = a->next;
      kiln_sim_vm_unmap(obj->vm, a->va);
      free(a->host);
      free(a);
   }
   if (obj->image) {
      kiln_sim_vm_unmap(obj->vm, obj->load_va);
      free(obj->image);
   }
   for (unsigned i = 0; i < obj->num_kernels; i++)
      free(obj->kernels[i].args);
   free(obj->kernels);
   free(obj);
}

const struct kiln_sim_hsa_kernel *
kiln_sim_hsa_find_kernel(const struct kiln_sim_hsa_object *obj, const char *name)
{
   for (unsigned i = 0; i < obj->num_kernels; i++) {
      if (strcmp(obj->kernels[i].name, name) == 0)
         return &obj->kernels[i];
   }
   return NULL;
}

void *
kiln_sim_hsa_alloc(struct kiln_sim_hsa_object *obj, uint64_t size, uint64_t align, uint64_t *va)
{
   if (align < SIM_HSA_HEAP_ALIGN)
      align = SIM_HSA_HEAP_ALIGN;
   size = align_up(size ? size : 1, SIM_HSA_HEAP_ALIGN);
   uint64_t at = align_up(obj->heap_va, align);
   if (at < obj->heap_va || at + size > obj->heap_end || at + size < at) {
      sim_hsa_error(obj, -ENOMEM, "heap full: %llu bytes do not fit below VA 0x%llx",
                    (unsigned long long)size, (unsigned long long)obj->heap_end);
      return NULL;
   }
   struct kiln_sim_hsa_allocation *a = calloc(1, sizeof(*a));
   void *host = aligned_alloc(SIM_HSA_HEAP_ALIGN, size);
   if (!a || !host) {
      free(a);
      free(host);
      sim_hsa_error(obj, -ENOMEM, "out of host memory for %llu bytes", (unsigned long long)size);
      return NULL;
   }
   memset(host, 0, size);
   int ret = kiln_sim_vm_map(obj->vm, at, host, size, KILN_SIM_MAP_READ | KILN_SIM_MAP_WRITE);
   if (ret) {
      free(a);
      free(host);
      sim_hsa_error(obj, ret, "cannot map %llu bytes at VA 0x%llx (%s)", (unsigned long long)size,
                    (unsigned long long)at, strerror(-ret));
      return NULL;
   }
   a->va = at;
   a->host = host;
   a->next = obj->allocations;
   obj->allocations = a;
   obj->heap_va = at + size;
   *va = at;
   return host;
}
