#include "ref.h"
const struct corpus_ref corpus_refs_local[] = {{NULL, NULL}};
