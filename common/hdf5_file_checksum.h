// The checksum every dprl HDF5 file carries of itself, so that a damaged file is refused before
// the HDF5 library reads any of it. HDF5 checksums only part of a file (not the raw data of
// contiguous datasets, not the global heap that holds variable-length strings, where a damaged
// length even crashes the library in H5Aread), so a flipped byte could otherwise read as a
// smaller or different valid file.
//
// Layout: the file's first kChecksumBlockBytes bytes are its HDF5 user block (reserved by
// ReserveChecksumBlock when the file is created; the library skips it and puts its superblock
// after it). Once the file is closed, WriteFileChecksum fills it with
//     "dprl-crc32 XXXXXXXX\n"   (XXXXXXXX: 8 lower-case hex digits)
// followed by zero bytes, where XXXXXXXX is the CRC-32 (ISO-HDLC, the CRC of zlib and gzip) of
// bytes [kChecksumBlockBytes, end of file). CRC-32 detects every error burst of up to 32 bits,
// so every flipped byte.
//
// A file whose HDF5 signature is at byte 0 has no user block: a file written before dprl wrote
// checksums (or by another program), which VerifyFileChecksum accepts unverified.
#ifndef DPRL_COMMON_HDF5_FILE_CHECKSUM_H_
#define DPRL_COMMON_HDF5_FILE_CHECKSUM_H_

#include <hdf5.h>

#include <cstdint>
#include <string>

#include "absl/status/status.h"

namespace dprl {

inline constexpr hsize_t kChecksumBlockBytes = 512;

// Reserves the checksum block on a file-creation property list (H5Pset_userblock).
absl::Status ReserveChecksumBlock(hid_t file_create_plist);

// Writes the checksum block of the closed file `path` (created with ReserveChecksumBlock).
// Errors (Internal, with errno's reason) name the file.
absl::Status WriteFileChecksum(const std::string& path);

// OK when `path` holds a valid checksum block and its CRC-32 matches, or when the file has no
// user block (HDF5 signature at byte 0, see above). Otherwise DataLoss naming the file: "the file
// is damaged (its checksum does not match)" or "... (no valid checksum block)"; NotFound or
// Internal, with errno's reason, when it cannot be read. To call before opening it with HDF5.
absl::Status VerifyFileChecksum(const std::string& path);

// CRC-32 (ISO-HDLC) of `size` bytes, continuing from `crc` (0 to start).
uint32_t Crc32(const void* data, size_t size, uint32_t crc = 0);

}  // namespace dprl

#endif  // DPRL_COMMON_HDF5_FILE_CHECKSUM_H_
