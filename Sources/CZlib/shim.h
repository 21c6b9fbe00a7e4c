// zlib for the test-support PNG reader (the evaluation set's corpus photos are mostly PNG).
#include <zlib.h>
