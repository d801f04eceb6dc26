#ifndef OPLINT_LIBFUZZER_H
#define OPLINT_LIBFUZZER_H
// libFuzzer's driver (compiler-rt's libclang_rt.fuzzer_no_main), for `oplint-fuzz`. Only the
// fuzzing build (`make fuzz`) links the library and calls it; other builds never refer to it.
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the command line `argc`/`argv`, calling `callback` for each input.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
