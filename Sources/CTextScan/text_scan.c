#include "text_scan.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__ARM_NEON)
#include <arm_neon.h>
#endif

/// A format's bytes that need a look, as ranges, and as a table for texts too short for a vector.
struct look_set {
    int count;
    uint8_t low[8];
    uint8_t high[8];
    uint8_t table[256];
};

static const struct look_set json = {
    5, {0x00, 0x22, 0x5C, 0x7F, 0xE2}, {0x1F, 0x22, 0x5C, 0x7F, 0xE2},
    {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
     [0x22] = 1, [0x5C] = 1, [0x7F] = 1, [0xE2] = 1},
};

static const struct look_set xml = {
    8, {0x00, 0x22, 0x26, 0x3C, 0x3E, 0x7F, 0xC2, 0xEF}, {0x1F, 0x22, 0x27, 0x3C, 0x3E, 0x7F, 0xC2, 0xEF},
    {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
     [0x22] = 1, [0x26] = 1, [0x27] = 1, [0x3C] = 1, [0x3E] = 1, [0x7F] = 1, [0xC2] = 1, [0xEF] = 1},
};

#if defined(__SSE2__)
/// A mask with bit k set when byte k of the sixteen at `bytes` needs a look.
static inline unsigned flags16(const uint8_t *bytes, const struct look_set *set) {
    __m128i v = _mm_loadu_si128((const __m128i *)bytes);
    __m128i look = _mm_setzero_si128();
    for (int k = 0; k < set->count; k++) {
        if (set->low[k] == set->high[k]) {
            look = _mm_or_si128(look, _mm_cmpeq_epi8(v, _mm_set1_epi8((char)set->low[k])));
        } else {
            // In [low, high]: byte - low, unsigned, is at most high - low (its minimum with that is itself).
            __m128i offset = _mm_sub_epi8(v, _mm_set1_epi8((char)set->low[k]));
            __m128i width = _mm_set1_epi8((char)(set->high[k] - set->low[k]));
            look = _mm_or_si128(look, _mm_cmpeq_epi8(_mm_min_epu8(offset, width), offset));
        }
    }
    return (unsigned)_mm_movemask_epi8(look);
}
#elif defined(__ARM_NEON)
static inline unsigned flags16(const uint8_t *bytes, const struct look_set *set) {
    uint8x16_t v = vld1q_u8(bytes);
    uint8x16_t look = vdupq_n_u8(0);
    for (int k = 0; k < set->count; k++) {
        uint8x16_t offset = vsubq_u8(v, vdupq_n_u8(set->low[k]));
        look = vorrq_u8(look, vcleq_u8(offset, vdupq_n_u8((uint8_t)(set->high[k] - set->low[k]))));
    }
    // One bit per byte, as SSE2's movemask gives it.
    static const uint8_t weights[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    uint8x16_t bits = vandq_u8(look, vld1q_u8(weights));
    return (unsigned)vaddv_u8(vget_low_u8(bits)) | ((unsigned)vaddv_u8(vget_high_u8(bits)) << 8);
}
#endif

static inline size_t plain_prefix(const uint8_t *bytes, size_t count, const struct look_set *set) {
    size_t i = 0;
#if defined(__SSE2__) || defined(__ARM_NEON)
    if (count >= 16) {
        for (; i + 16 <= count; i += 16) {
            unsigned flags = flags16(bytes + i, set);
            if (flags != 0) return i + (size_t)__builtin_ctz(flags);
        }
        if (i == count) return count;
        // The last sixteen bytes, overlapping ones already found plain: their flags are dropped.
        size_t last = count - 16;
        unsigned flags = flags16(bytes + last, set) >> (i - last);
        return flags != 0 ? i + (size_t)__builtin_ctz(flags) : count;
    }
#endif
    while (i < count && !set->table[bytes[i]]) i++;
    return i;
}

size_t oplint_json_plain_prefix(const uint8_t *bytes, size_t count) {
    return plain_prefix(bytes, count, &json);
}

size_t oplint_xml_plain_prefix(const uint8_t *bytes, size_t count) {
    return plain_prefix(bytes, count, &xml);
}
