#include "ref.h"
const struct corpus_ref corpus_refs_atomics[] = {{NULL, NULL}};
