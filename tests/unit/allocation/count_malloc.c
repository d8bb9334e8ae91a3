/* count_malloc.c: an LD_PRELOAD library that counts calls to malloc, calloc, realloc and
 * aligned allocations while counting is switched on (glibc only). The test loads it with ctypes
 * to switch counting on and off around engine calls; every allocation of C++ (operator new)
 * goes through these functions too. */
#include <stddef.h>

extern void* __libc_malloc(size_t);
extern void* __libc_calloc(size_t, size_t);
extern void* __libc_realloc(void*, size_t);
extern void* __libc_memalign(size_t, size_t);

static volatile int counting = 0;
static volatile long allocations = 0;

void counting_start(void) { allocations = 0; counting = 1; }
long counting_stop(void) { counting = 0; return allocations; }

static void count(void) { if (counting) allocations++; }

void* malloc(size_t size) { count(); return __libc_malloc(size); }
void* calloc(size_t n, size_t size) { count(); return __libc_calloc(n, size); }
void* realloc(void* p, size_t size) { count(); return __libc_realloc(p, size); }
void* memalign(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void* aligned_alloc(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
int posix_memalign(void** out, size_t alignment, size_t size) {
  count();
  *out = __libc_memalign(alignment, size);
  return *out ? 0 : 12; /* ENOMEM */
}
