#ifndef TEMPORARY_FILES_H
#define TEMPORARY_FILES_H

// Temporary files that a signal must not leave behind. A file being written whole or not at all
// (SafeFiles' ReplacingFile) is registered here while it exists; SIGINT, SIGTERM or SIGHUP that would
// end the process removes every registered file before the process ends, as exit() does. A signal
// someone else handles (the interactive session's) is passed on, the files left to the code that made
// them, which the session lets finish.

// Registers `path`; returns a slot for temporary_files_forget, or -1 when all slots are taken.
int temporary_files_remember(const char *path);
// Forgets the slot (the file was renamed into place or removed).
void temporary_files_forget(int slot);
// Registers the name of a POSIX shared memory object (a kitty picture handed over that way), removed
// with shm_unlink instead of unlink; forgotten with temporary_files_forget like a path.
int temporary_files_remember_shared_memory(const char *name);

// Copies up to `count` bytes of the file open as `in`, from `offset`, to where `out` writes, in the
// kernel (Linux's copy_file_range: no copy through user memory, a reflink where the file system
// has them); returns the bytes copied, 0 at the end, or -1 with errno set (ENOSYS, EXDEV, EINVAL:
// not here or not between these files, so copy them with read and write).
long temporary_files_copy_range(int in, long long offset, int out, unsigned long count);

// Renames `from` to `to` only if nothing is at `to` (Linux's renameat2 with RENAME_NOREPLACE: the
// check and the rename one step); -1 with errno EEXIST when something is, EINVAL or ENOSYS when the
// file system or the system cannot.
int temporary_files_rename_noreplace(const char *from, const char *to);

// Starts writing the dirty pages of the file open as `fd` to its disk, without waiting (Linux's
// sync_file_range with SYNC_FILE_RANGE_WRITE); 0, or -1 with errno set. An fsync after it still
// waits for them: started for many files first, their fsyncs share one journal commit.
int temporary_files_start_writeback(int fd);

#endif
