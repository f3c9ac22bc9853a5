#include "ref.h"
const struct corpus_ref corpus_refs_vector_ops[] = {{NULL, NULL}};
