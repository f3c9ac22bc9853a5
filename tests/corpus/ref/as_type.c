#include "ref.h"
const struct corpus_ref corpus_refs_as_type[] = {{NULL, NULL}};
