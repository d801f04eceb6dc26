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
    words->last_low[last & 15] |= (uint8_t)(1 << ((last >> 4) - 2));
    words->last_high[last >> 4] = (uint8_t)(1 << ((last >> 4) - 2));
    return 1;
}

/// The nibbles one group of word beginnings allows at each of the first three bytes.
struct prefix_group {
    uint16_t low[prefix_length], high[prefix_length];
};

/// How many three-byte beginnings a group lets through: the product, over the three bytes, of
/// the low nibbles and the high nibbles it allows; 0 for a group of no word.
static unsigned group_reach(const struct prefix_group *group) {
    unsigned reach = 1;
    for (int j = 0; j < prefix_length; j++) reach *= (unsigned)(__builtin_popcount(group->low[j]) * __builtin_popcount(group->high[j]));
    return reach;
}

/// Puts each word, in the order of the list, in the group its beginning widens least (the first
/// such group on a tie), and writes the groups as the skim's prefix tables.
static void group_prefixes(struct oplint_skim_words *words) {
    struct prefix_group groups[prefix_groups];
    memset(groups, 0, sizeof groups);
    for (int k = 0; k < words->count; k++) {
        struct prefix_group word = {{0}, {0}};
        for (int j = 0; j < prefix_length; j++) {
            if (j < words->list[k].length) {
                uint8_t b = (uint8_t)words->list[k].text[j];
                word.low[j] = (uint16_t)(1u << (b & 15));
                word.high[j] = (uint16_t)(1u << (b >> 4));
            } else {
                word.low[j] = word.high[j] = 0xFFFF;
            }
        }
        int best = 0;
        unsigned best_growth = 0;
        for (int g = 0; g < prefix_groups; g++) {
            struct prefix_group widened = groups[g];
            for (int j = 0; j < prefix_length; j++) {
                widened.low[j] |= word.low[j];
                widened.high[j] |= word.high[j];
            }
            unsigned before = groups[g].low[0] ? group_reach(&groups[g]) : 0;
            unsigned growth = group_reach(&widened) - before;
            if (g == 0 || growth < best_growth) {
                best = g;
                best_growth = growth;
            }
        }
        for (int j = 0; j < prefix_length; j++) {
            groups[best].low[j] |= word.low[j];
            groups[best].high[j] |= word.high[j];
        }
    }
    for (int g = 0; g < prefix_groups; g++) {
        for (int j = 0; j < prefix_length; j++) {
            for (int n = 0; n < 16; n++) {
                if (groups[g].low[j] >> n & 1) words->prefix_low[j][n] |= (uint8_t)(1u << g);
                if (groups[g].high[j] >> n & 1) words->prefix_high[j][n] |= (uint8_t)(1u << g);
            }
        }
    }
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
    group_prefixes(words);
    return words;
}

static inline uint64_t load64(const uint8_t *p) {
    uint64_t word;
    memcpy(&word, p, 8);
    return word;
}

static inline uint64_t load32(const uint8_t *p) {
    uint32_t word;
    memcpy(&word, p, 4);
    return word;
}

uint64_t oplint_name_hash(const uint8_t *bytes, size_t count) {
    uint64_t hash = 0x9E3779B97F4A7C15ull ^ (uint64_t)count;
    if (count == 0) return hash;
    // The last bytes in loads of fixed size that may overlap the ones before (the length is in
    // `hash`, so the words still tell names apart): a copy of the few bytes left, of a size
    // known only here, was a call to `memcpy` for nearly every name.
    uint64_t tail;
    if (count >= 8) {
        size_t offset = 0;
        while (offset + 8 < count) {
            hash = (hash ^ load64(bytes + offset)) * 0xFF51AFD7ED558CCDull;
            hash ^= hash >> 32;
            offset += 8;
        }
        tail = load64(bytes + count - 8);
    } else if (count >= 4) {
        tail = load32(bytes) | load32(bytes + count - 4) << 32;
    } else {
        tail = (uint64_t)bytes[0] | (uint64_t)bytes[count >> 1] << 8 | (uint64_t)bytes[count - 1] << 16;
    }
    hash = (hash ^ tail) * 0xC4CEB9FE1A85EC53ull;
    hash ^= hash >> 29;
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
