#ifndef OPLINT_TEXT_SCAN_H
#define OPLINT_TEXT_SCAN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// How many bytes from the start of `bytes` a JSON string literal keeps as they are: the
/// length of the longest prefix with no byte below 0x20, no quote, no backslash, no DEL and
/// no 0xE2 (the lead byte of U+2028 and U+2029, which the reports escape). Sixteen bytes at
/// a time where the machine has vector instructions.
size_t oplint_json_plain_prefix(const uint8_t *bytes, size_t count);

/// The same for XML text and attribute values: the longest prefix with no byte below 0x20,
/// none of `"&'<>`, no DEL, and no 0xC2 or 0xEF (the lead bytes of the C1 controls and of
/// U+FFFE and U+FFFF, which the reports replace).
size_t oplint_xml_plain_prefix(const uint8_t *bytes, size_t count);

/// The same for Markdown inline text: the longest prefix with no byte below 0x20, none of
/// ``!"#$&()*<>@[\]_`{|}~``, no DEL, and no 0xC2 or 0xE2 (the lead bytes of the C1 controls
/// and of U+2028 and U+2029, which the reports make visible).
size_t oplint_markdown_plain_prefix(const uint8_t *bytes, size_t count);

/// The length of the longest prefix of `bytes` with no byte above 0x7F: how far a text is
/// plain ASCII. Sixty-four bytes at a time where the machine has vector instructions.
size_t oplint_ascii_prefix(const uint8_t *bytes, size_t count);

#ifdef __cplusplus
}
#endif

#endif
