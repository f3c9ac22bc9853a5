#include "ref.h"
const struct corpus_ref corpus_refs_workitem[] = {{NULL, NULL}};
