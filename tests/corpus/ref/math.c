#include "ref.h"
const struct corpus_ref corpus_refs_math[] = {{NULL, NULL}};
