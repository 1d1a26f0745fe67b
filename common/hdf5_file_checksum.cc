#include "common/hdf5_file_checksum.h"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace dprl {
namespace {

constexpr char kMagic[] = "dprl-crc32 ";
constexpr size_t kMagicBytes = sizeof(kMagic) - 1;
constexpr size_t kLineBytes = kMagicBytes + 8 + 1;  // magic, 8 hex digits, '\n'
constexpr unsigned char kHdf5Signature[8] = {0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "Crc32 reads little-endian words");

// Slicing-by-8 tables of the reflected polynomial 0xEDB88320: table[0] is the byte-wise table,
// table[k][n] the CRC of byte n followed by k zero bytes (8 bytes per step instead of 1).
std::array<std::array<uint32_t, 256>, 8> MakeCrcTables() {
  std::array<std::array<uint32_t, 256>, 8> table{};
  for (uint32_t n = 0; n < 256; ++n) {
    uint32_t c = n;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[0][n] = c;
  }
  for (uint32_t n = 0; n < 256; ++n) {
    for (int k = 1; k < 8; ++k) {
      table[k][n] = table[0][table[k - 1][n] & 0xFF] ^ (table[k - 1][n] >> 8);
    }
  }
  return table;
}

absl::Status ErrnoStatus(const std::string& what, int error) {
  const std::string message = absl::StrCat(what, ": ", std::strerror(error));
  return error == ENOENT ? absl::NotFoundError(message) : absl::InternalError(message);
}

// Closes its descriptor on destruction.
class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() {
    if (fd_ >= 0) close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

// Reads up to `size` bytes at `offset`; the count read, or -1 with errno set.
ssize_t ReadAt(int fd, void* buffer, size_t size, off_t offset) {
  size_t done = 0;
  while (done < size) {
    const ssize_t n = pread(fd, static_cast<char*>(buffer) + done, size - done, offset + done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return -1;
    if (n == 0) break;
    done += static_cast<size_t>(n);
  }
  return static_cast<ssize_t>(done);
}

// The CRC-32 of bytes [kChecksumBlockBytes, end) of the open file.
absl::Status ChecksumAfterBlock(int fd, const std::string& path, uint32_t* crc) {
  std::vector<char> buffer(1 << 16);
  off_t offset = static_cast<off_t>(kChecksumBlockBytes);
  *crc = 0;
  while (true) {
    const ssize_t n = ReadAt(fd, buffer.data(), buffer.size(), offset);
    if (n < 0) return ErrnoStatus(absl::StrCat("cannot read '", path, "'"), errno);
    if (n == 0) return absl::OkStatus();
    *crc = Crc32(buffer.data(), static_cast<size_t>(n), *crc);
    offset += n;
  }
}

absl::Status Damaged(const std::string& path, const std::string& why) {
  return absl::DataLossError(absl::StrCat("file '", path, "' is damaged (", why, ")"));
}

}  // namespace

uint32_t Crc32(const void* data, size_t size, uint32_t crc) {
  static const std::array<std::array<uint32_t, 256>, 8> table = MakeCrcTables();
  const unsigned char* bytes = static_cast<const unsigned char*>(data);
  crc = ~crc;
  for (; size >= 8; size -= 8, bytes += 8) {
    uint32_t low = 0, high = 0;
    std::memcpy(&low, bytes, 4);  // little-endian words (x86-64, aarch64)
    std::memcpy(&high, bytes + 4, 4);
    low ^= crc;
    crc = table[7][low & 0xFF] ^ table[6][(low >> 8) & 0xFF] ^ table[5][(low >> 16) & 0xFF] ^
          table[4][low >> 24] ^ table[3][high & 0xFF] ^ table[2][(high >> 8) & 0xFF] ^
          table[1][(high >> 16) & 0xFF] ^ table[0][high >> 24];
  }
  for (size_t i = 0; i < size; ++i) crc = table[0][(crc ^ bytes[i]) & 0xFF] ^ (crc >> 8);
  return ~crc;
}

absl::Status ReserveChecksumBlock(hid_t file_create_plist) {
  if (H5Pset_userblock(file_create_plist, kChecksumBlockBytes) < 0) {
    return absl::InternalError("HDF5 error: cannot reserve the checksum block (user block)");
  }
  return absl::OkStatus();
}

absl::Status WriteFileChecksum(const std::string& path) {
  const Descriptor fd(open(path.c_str(), O_RDWR | O_CLOEXEC));
  if (fd.get() < 0) return ErrnoStatus(absl::StrCat("cannot open '", path, "'"), errno);
  uint32_t crc = 0;
  if (absl::Status status = ChecksumAfterBlock(fd.get(), path, &crc); !status.ok()) return status;
  std::vector<char> block(kChecksumBlockBytes, '\0');
  const std::string line = absl::StrFormat("%s%08x\n", kMagic, crc);
  std::memcpy(block.data(), line.data(), line.size());
  size_t done = 0;
  while (done < block.size()) {
    const ssize_t n = pwrite(fd.get(), block.data() + done, block.size() - done, done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      return ErrnoStatus(absl::StrCat("cannot write the checksum of '", path, "'"),
                         n < 0 ? errno : EIO);
    }
    done += static_cast<size_t>(n);
  }
  return absl::OkStatus();
}

absl::Status VerifyFileChecksum(const std::string& path) {
  const Descriptor fd(open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) return ErrnoStatus(absl::StrCat("cannot open '", path, "'"), errno);
  std::vector<char> block(kChecksumBlockBytes);
  const ssize_t n = ReadAt(fd.get(), block.data(), block.size(), 0);
  if (n < 0) return ErrnoStatus(absl::StrCat("cannot read '", path, "'"), errno);
  if (static_cast<size_t>(n) >= sizeof(kHdf5Signature) &&
      std::memcmp(block.data(), kHdf5Signature, sizeof(kHdf5Signature)) == 0) {
    return absl::OkStatus();  // no user block: written without a checksum
  }
  if (static_cast<size_t>(n) < block.size() ||
      std::memcmp(block.data(), kMagic, kMagicBytes) != 0 || block[kLineBytes - 1] != '\n') {
    return Damaged(path, "no valid checksum block");
  }
  uint32_t stored = 0;
  for (size_t i = kMagicBytes; i < kMagicBytes + 8; ++i) {
    const char c = block[i];
    const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (digit < 0) return Damaged(path, "no valid checksum block");
    stored = (stored << 4) | static_cast<uint32_t>(digit);
  }
  for (size_t i = kLineBytes; i < block.size(); ++i) {
    if (block[i] != '\0') return Damaged(path, "no valid checksum block");
  }
  uint32_t crc = 0;
  if (absl::Status status = ChecksumAfterBlock(fd.get(), path, &crc); !status.ok()) return status;
  if (crc != stored) return Damaged(path, "its checksum does not match");
  return absl::OkStatus();
}

}  // namespace dprl
