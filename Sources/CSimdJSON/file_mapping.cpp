// Mapping a graph file into memory, followed by the zero padding the parsers need, and a
// guard that turns a fault in the mapping (the file was truncated while being read) into a
// message and exit status 2 instead of a crash.
#include "csimdjson.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

namespace {

constexpr int kMaxGuards = 16;

struct Guard {
    const uint8_t *start;
    size_t length;
    char message[512];
    size_t message_length;
};

Guard guards[kMaxGuards];
volatile sig_atomic_t guard_count = 0;
struct sigaction previous_bus;
bool installed = false;

void on_fault(int signal, siginfo_t *info, void *context) {
    const uint8_t *address = static_cast<const uint8_t *>(info->si_addr);
    for (int i = 0; i < guard_count; ++i) {
        if (guards[i].start != nullptr && address >= guards[i].start && address < guards[i].start + guards[i].length) {
            ssize_t ignored = write(2, guards[i].message, guards[i].message_length);
            (void)ignored;
            _exit(2);
        }
    }
    // Not ours: let the previous handler (or the default action) see the fault again.
    sigaction(signal, &previous_bus, nullptr);
    (void)context;
}

void install() {
    if (installed) { return; }
    installed = true;
    struct sigaction action;
    std::memset(&action, 0, sizeof action);
    action.sa_sigaction = on_fault;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &previous_bus);
}

} // namespace

extern "C" const uint8_t *csj_map_file(int32_t descriptor, size_t length, size_t padding, const char *message) {
    long page = sysconf(_SC_PAGESIZE);
    if (page <= 0 || length == 0) { return nullptr; }
    size_t total = ((length + padding + static_cast<size_t>(page) - 1) / static_cast<size_t>(page)) * static_cast<size_t>(page);
    // Zero pages for the whole span, then the file over its start: the bytes after the end of
    // the file, in its last page and in the pages after it, read as zeros.
    void *region = mmap(nullptr, total, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (region == MAP_FAILED) { return nullptr; }
    void *file = mmap(region, length, PROT_READ, MAP_PRIVATE | MAP_FIXED | MAP_POPULATE, descriptor, 0);
    if (file == MAP_FAILED) {
        munmap(region, total);
        return nullptr;
    }
    const uint8_t *start = static_cast<const uint8_t *>(region);
    if (guard_count < kMaxGuards) {
        Guard &guard = guards[guard_count];
        size_t size = std::strlen(message);
        if (size > sizeof guard.message - 1) { size = sizeof guard.message - 1; }
        std::memcpy(guard.message, message, size);
        guard.message_length = size;
        guard.length = total;
        guard.start = start;
        install();
        guard_count = guard_count + 1;
    }
    return start;
}

extern "C" void csj_unmap_file(const uint8_t *start, size_t length, size_t padding) {
    long page = sysconf(_SC_PAGESIZE);
    if (start == nullptr || page <= 0) { return; }
    size_t total = ((length + padding + static_cast<size_t>(page) - 1) / static_cast<size_t>(page)) * static_cast<size_t>(page);
    for (int i = 0; i < guard_count; ++i) {
        if (guards[i].start == start) { guards[i].start = nullptr; }
    }
    munmap(const_cast<uint8_t *>(start), total);
}
