#include "skim_internal.h"

#include <stdlib.h>
#include <string.h>

// The table of words, the name hash, and the choice between the skim's two builds
// (`skim_lexer.h`).

static int add_word(struct oplint_skim_words *words, const char *text, uint8_t kind) {
    size_t length = strlen(text);
    if (length == 0 || length > longest_word || words->count == most_words) return 0;
    for (size_t k = 0; k < length; k++) {
        if ((uint8_t)text[k] >= 0x80 || !is_identifier_part((uint8_t)text[k])) return 0;
    }
    memcpy(words->list[words->count].text, text, length);
    words->list[words->count].length = (uint8_t)length;
    words->list[words->count].kind = kind;
    words->of_length[length][words->count_of_length[length]++] = (uint8_t)words->count;
    words->count++;
    uint8_t first = (uint8_t)text[0], last = (uint8_t)text[length - 1];
    words->filter.bits[length][first & 63] |= (uint64_t)1 << (last & 63);
    // High nibbles 2 (`$`) to 7 (`p`–`z`), one bit each.
    words->first_low[first & 15] |= (uint8_t)(1 << ((first >> 4) - 2));
    words->first_high[first >> 4] = (uint8_t)(1 << ((first >> 4) - 2));
    words->last_low[last & 15] |= (uint8_t)(1 << ((last >> 4) - 2));
    words->last_high[last >> 4] = (uint8_t)(1 << ((last >> 4) - 2));
    return 1;
}

oplint_skim_words *oplint_skim_words_make(const char *const *api_words, size_t api_count,
                                          const char *const *keywords, size_t keyword_count) {
    oplint_skim_words *words = calloc(1, sizeof *words);
    if (!words) return NULL;
    int made = 1;
    for (size_t k = 0; k < api_count; k++) made = made && add_word(words, api_words[k], word_api);
    for (size_t k = 0; k < keyword_count; k++) made = made && add_word(words, keywords[k], word_keyword);
    if (!made) {
        free(words);
        return NULL;
    }
    return words;
}

uint64_t oplint_name_hash(const uint8_t *bytes, size_t count) {
    uint64_t hash = 0x9E3779B97F4A7C15ull ^ (uint64_t)count;
    while (count >= 8) {
        uint64_t word;
        memcpy(&word, bytes, 8);
        hash = (hash ^ word) * 0xFF51AFD7ED558CCDull;
        hash ^= hash >> 32;
        bytes += 8;
        count -= 8;
    }
    if (count > 0) {
        uint64_t word = 0;
        memcpy(&word, bytes, count);
        hash = (hash ^ word) * 0xC4CEB9FE1A85EC53ull;
        hash ^= hash >> 29;
    }
    return hash;
}

/// Whether the processor runs `skim_wide.c`'s build.
static int has_wide_skim(void) {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2")
        && __builtin_cpu_supports("popcnt");
#else
    return 0;
#endif
}

int oplint_skim_source_using(const oplint_skim_words *words, int wide, const uint8_t *bytes, size_t count, int is_swift,
                             uint64_t *names, size_t capacity, size_t *name_count) {
    *name_count = 0;
    if (count > INT32_MAX) return 0;
    struct word_sink sink = {.words = words, .names = names, .capacity = capacity, .count = 0};
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    int passed_over = wide && has_wide_skim() ? oplint_skim_wide(bytes, count, is_swift, &sink) : oplint_skim_portable(bytes, count, is_swift, &sink);
#else
    (void)wide;
    int passed_over = oplint_skim_portable(bytes, count, is_swift, &sink);
#endif
    *name_count = sink.count;
    return passed_over;
}

int oplint_skim_source(const oplint_skim_words *words, const uint8_t *bytes, size_t count, int is_swift,
                       uint64_t *names, size_t capacity, size_t *name_count) {
    return oplint_skim_source_using(words, 1, bytes, count, is_swift, names, capacity, name_count);
}
