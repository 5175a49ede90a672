//! Writing files the way a careful database does: all or nothing.
//!
//! Each file is first written in full to a temporary file in its target's
//! folder, then renamed over the target. On Linux the temporary file is unnamed
//! (`O_TMPFILE`) until the last moment, so a run that is killed leaves nothing
//! behind; elsewhere it has an unpredictable name and is created with
//! `O_EXCL|O_NOFOLLOW`, so a link planted in advance is never followed.
//!
//! A set of files (the pages of an SVG or PNG document) is replaced together:
//! every old page is first kept under a hidden name (a hard link, or a copy);
//! if any page cannot be replaced, the pages already replaced are put back.
//! Writers of one output are serialised by an advisory lock on its folder, so
//! a set on disk always comes from one run. SIGINT, SIGTERM and SIGHUP wait
//! while the files are written and renamed, then take effect: an interrupted
//! run leaves either the old files or the new ones, and no temporary file.
//!
//! A target that is a symbolic link is written through to the file it points
//! to (the link stays); the new file keeps the old one's permissions (and its
//! owner and group where the system allows). Hard links to the old file keep
//! the old contents: the new file is a new file. A folder, FIFO, device or
//! socket, or a read-only file, is refused before anything is written. `-` is
//! standard output.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::{Error, Opt};
use crate::input::shown_path;

/// How many symbolic links are followed before giving up (the kernel's own limit).
const MAX_LINKS: usize = 40;

/// True for `-`, standard output.
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Standard output as the program found it when it started: open, or
/// closed (then writing a document there fails, exit 1, instead of
/// vanishing). The front end looks once, first thing ([`Stdout::at_start`]),
/// and hands the value to whatever writes; the library keeps no state of
/// its own. `Stdout::default()` is open.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stdout {
    /// True when descriptor 1 was closed at start.
    closed: bool,
}

impl Stdout {
    /// Looks whether standard output was closed when the program started.
    /// Call once, first thing.
    ///
    /// Rust's runtime opens `/dev/null` read-write on a standard descriptor
    /// that is closed at start (so that no file opened later takes its
    /// place); a shell's `>/dev/null` opens it write-only. Descriptor 1 open
    /// read-write on `/dev/null` is therefore taken as closed.
    pub fn at_start() -> Stdout {
        #[cfg(unix)]
        {
            use std::os::unix::fs::{FileTypeExt, MetadataExt};
            // SAFETY: fcntl(F_GETFL) only queries the descriptor.
            let flags = unsafe { libc::fcntl(1, libc::F_GETFL) };
            let read_write = flags != -1 && flags & libc::O_ACCMODE == libc::O_RDWR;
            let null = std::fs::metadata("/dev/null").ok();
            let fd1 = std::fs::metadata("/proc/self/fd/1").ok();
            let is_null = match (null, fd1) {
                (Some(n), Some(o)) => o.file_type().is_char_device() && o.rdev() == n.rdev(),
                _ => false,
            };
            Stdout {
                closed: flags == -1 || (read_write && is_null),
            }
        }
        #[cfg(not(unix))]
        Stdout::default()
    }

    /// Writes `bytes` to standard output, failing (exit 1) when it is
    /// closed, full or a broken pipe.
    pub fn write(self, bytes: &[u8]) -> Result<(), Error> {
        if self.closed {
            return Err(stdout_error(std::io::Error::other(
                "it is closed; redirect it to a file or give -o FILE",
            )));
        }
        let mut out = std::io::stdout().lock();
        out.write_all(bytes).map_err(stdout_error)?;
        out.flush().map_err(stdout_error)
    }
}

/// The error for a failed write to standard output (exit 1).
fn stdout_error(source: std::io::Error) -> Error {
    Error::Io {
        path: "standard output".into(),
        source,
    }
}

/// The file that writing to `path` replaces: `path` itself, or the end of its
/// chain of symbolic links. Refused (exit 2, naming [`Opt::Output`]): a folder, a
/// FIFO, a device, a socket, a read-only file, a folder that does not exist, a
/// loop of links.
pub fn check_target(path: &Path) -> Result<PathBuf, Error> {
    let refuse = |p: &Path, why: &str| {
        Error::usage(
            Opt::Output,
            format!("`{}` {why}; give the name of a regular file", shown_path(p)),
        )
    };
    let mut target = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        let meta = match std::fs::symlink_metadata(&target) {
            Ok(m) => m,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let dir = parent_dir(&target);
                if !dir.is_dir() {
                    return Err(refuse(
                        path,
                        &format!("is in folder `{}`, which does not exist", shown_path(dir)),
                    ));
                }
                return Ok(target);
            }
            Err(e) => {
                return Err(Error::Io {
                    path: shown_path(&target),
                    source: e,
                })
            }
        };
        let ft = meta.file_type();
        if ft.is_symlink() {
            let link = std::fs::read_link(&target).map_err(|e| Error::Io {
                path: shown_path(&target),
                source: e,
            })?;
            target = parent_dir(&target).join(link);
            continue;
        }
        if ft.is_dir() {
            return Err(refuse(path, "is a folder"));
        }
        if !ft.is_file() {
            let what = format!("is {}", crate::input::node_kind(&ft));
            return Err(refuse(path, &what));
        }
        if meta.permissions().readonly() {
            return Err(Error::usage(
                Opt::Output,
                format!(
                    "`{}` is read-only; make it writable or choose another name",
                    shown_path(path)
                ),
            ));
        }
        return Ok(target);
    }
    Err(refuse(path, "is a loop of symbolic links"))
}

/// The folder a file is in (`.` for a bare name).
fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Refuses to write over one of the run's own inputs: each of `outputs`
/// (after symbolic links, however spelled) is compared with each of `inputs`
/// (themes, language pack, ruleset, icons, fonts) by device and inode.
/// Exit 2, naming both.
pub fn check_not_input(outputs: &[PathBuf], inputs: &[PathBuf]) -> Result<(), Error> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let id = |p: &Path| std::fs::metadata(p).ok().map(|m| (m.dev(), m.ino()));
        let ins: Vec<_> = inputs.iter().filter_map(|p| Some((id(p)?, p))).collect();
        for out in outputs.iter().filter(|p| !is_stdout(p)) {
            let Some(o) = id(out) else { continue };
            if let Some((_, input)) = ins.iter().find(|(i, _)| *i == o) {
                return Err(Error::usage(
                    Opt::Output,
                    format!(
                        "`{}` is `{}`, one of this run's inputs; writing there would destroy it: choose another output name",
                        shown_path(out),
                        shown_path(input)
                    ),
                ));
            }
        }
    }
    #[cfg(not(unix))]
    let _ = (outputs, inputs);
    Ok(())
}

/// Writes `bytes` to `path` atomically (or to `stdout` when `path` is `-`).
pub fn write_atomic(path: &Path, bytes: &[u8], stdout: Stdout) -> Result<(), Error> {
    write_set(&[(path.to_path_buf(), bytes)], stdout)
}

/// Writes several files as a set: every target is checked, every file is
/// written to a temporary file, and only then are the targets replaced, all
/// or none (see the module's documentation). Standard output (`-`,
/// `stdout`) may only be written alone.
pub fn write_set<B: AsRef<[u8]>>(files: &[(PathBuf, B)], stdout: Stdout) -> Result<(), Error> {
    if let [(path, bytes)] = files {
        if is_stdout(path) {
            return stdout.write(bytes.as_ref());
        }
    }
    let targets: Vec<PathBuf> = files
        .iter()
        .map(|(p, _)| {
            if is_stdout(p) {
                Err(Error::usage(
                    Opt::Output,
                    "standard output takes one file only; give a file name",
                ))
            } else {
                check_target(p)
            }
        })
        .collect::<Result<_, _>>()?;
    // The lock first, signals still free: a run waiting for another one's
    // lock ends at once on SIGINT, SIGTERM or SIGHUP, having written nothing.
    let _lock = targets.first().map(|t| lock_folder(parent_dir(t)));
    let _signals = signals::Deferred::new();
    let mut staged = Vec::with_capacity(files.len());
    for ((_, bytes), target) in files.iter().zip(&targets) {
        let io = |source| Error::Io {
            path: shown_path(target),
            source,
        };
        staged.push(temp::Staged::write(target, bytes.as_ref()).map_err(io)?);
    }
    commit(staged, &targets, |from, to| std::fs::rename(from, to))
}

/// Replaces every target by its staged file, or none: old files are kept
/// under hidden names first and put back if a later rename fails.
/// `rename` is `std::fs::rename` (a test makes it fail part way).
fn commit(
    staged: Vec<temp::Staged>,
    targets: &[PathBuf],
    rename: impl Fn(&Path, &Path) -> std::io::Result<()>,
) -> Result<(), Error> {
    let fail = |target: &Path, source| Error::Io {
        path: shown_path(target),
        source,
    };
    // Named, ready to rename.
    let mut named = Vec::with_capacity(staged.len());
    for (s, target) in staged.into_iter().zip(targets) {
        named.push(s.name().map_err(|e| fail(target, e))?);
    }
    // The old files, kept until every new one is in place.
    let mut kept: Vec<Option<temp::Named>> = Vec::with_capacity(targets.len());
    for target in targets {
        match temp::keep(target) {
            Ok(k) => kept.push(k),
            Err(e) => return Err(fail(target, e)),
        }
    }
    for (i, (n, target)) in named.iter().zip(targets).enumerate() {
        if let Err(e) = rename(&n.path, target) {
            // Put back what was replaced; remove what was new.
            for (k, t) in kept.iter_mut().zip(targets).take(i) {
                match k.take() {
                    Some(old) => {
                        if std::fs::rename(&old.path, t).is_ok() {
                            old.forget();
                        }
                    }
                    None => {
                        let _ = std::fs::remove_file(t);
                    }
                }
            }
            for n in &named[..i] {
                n.forget();
            }
            return Err(fail(target, e));
        }
    }
    for n in named {
        n.forget();
    }
    drop(kept);
    for dir in targets.iter().map(|t| parent_dir(t)) {
        // Durability of the renames: the folder's entries reach the disk.
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
    }
    Ok(())
}

/// An advisory lock on a folder (`flock`), held until dropped: runs writing
/// to the same folder replace their files one after the other.
fn lock_folder(dir: &Path) -> Option<std::fs::File> {
    let f = std::fs::File::open(dir).ok()?;
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: flock on a descriptor we own; EINTR is retried.
        while unsafe { libc::flock(f.as_raw_fd(), libc::LOCK_EX) } != 0 {
            if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
                return None;
            }
        }
    }
    Some(f)
}

/// Temporary files: written, then named, then renamed or removed.
mod temp {
    use std::io::Write;
    use std::path::{Path, PathBuf};

    /// A file with a hidden, unpredictable name, removed when dropped unless
    /// forgotten (after it was renamed or restored).
    pub(super) struct Named {
        pub(super) path: PathBuf,
        /// Set once the file was renamed away: nothing left to remove.
        gone: std::cell::Cell<bool>,
    }

    impl Named {
        fn new(path: PathBuf) -> Named {
            Named {
                path,
                gone: Default::default(),
            }
        }

        /// Forgets the file: it was renamed into place.
        pub(super) fn forget(&self) {
            self.gone.set(true);
        }
    }

    impl Drop for Named {
        fn drop(&mut self) {
            if !self.gone.get() {
                let _ = std::fs::remove_file(&self.path);
            }
        }
    }

    /// A hidden name in `dir` that nobody can guess: `.jp-` and 16 random hex digits.
    fn hidden_name(dir: &Path, ext: &str) -> PathBuf {
        use std::hash::{BuildHasher, Hasher};
        use std::sync::atomic::{AtomicU64, Ordering};
        static COUNT: AtomicU64 = AtomicU64::new(0);
        // RandomState is seeded from the system's random source.
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(COUNT.fetch_add(1, Ordering::Relaxed));
        h.write_u32(std::process::id());
        dir.join(format!(".jp-{:016x}.{ext}", h.finish()))
    }

    /// Creates a new file under a fresh hidden name: `O_EXCL` and
    /// `O_NOFOLLOW`, so nothing planted there is followed or reused.
    fn create_hidden(dir: &Path, ext: &str) -> std::io::Result<(std::fs::File, PathBuf)> {
        let mut last = None;
        for _ in 0..16 {
            let path = hidden_name(dir, ext);
            let mut o = std::fs::OpenOptions::new();
            o.write(true).create_new(true);
            #[cfg(unix)]
            {
                use std::os::unix::fs::OpenOptionsExt;
                o.custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
                    .mode(0o666);
            }
            match o.open(&path) {
                Ok(f) => return Ok((f, path)),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
                Err(e) => return Err(e),
            }
        }
        Err(last.unwrap_or_else(|| std::io::Error::other("no free temporary name")))
    }

    /// A file written in full in its target's folder, not yet in place.
    pub(super) enum Staged {
        /// Unnamed (Linux `O_TMPFILE`): vanishes if the run dies.
        #[cfg(target_os = "linux")]
        Unnamed { file: std::fs::File, dir: PathBuf },
        /// Under a hidden name.
        Named(Named),
    }

    impl Staged {
        /// Writes `bytes` beside `target`, with the permissions (and owner,
        /// where allowed) of the file it will replace, and syncs it to disk.
        pub(super) fn write(target: &Path, bytes: &[u8]) -> std::io::Result<Staged> {
            let dir = super::parent_dir(target);
            let old = std::fs::metadata(target).ok();
            #[cfg(target_os = "linux")]
            if let Some(file) = unnamed(dir) {
                fill(&file, bytes, old.as_ref())?;
                return Ok(Staged::Unnamed {
                    file,
                    dir: dir.to_path_buf(),
                });
            }
            let (file, path) = create_hidden(dir, "tmp")?;
            let named = Named::new(path);
            fill(&file, bytes, old.as_ref())?;
            Ok(Staged::Named(named))
        }

        /// Gives the file a hidden name, ready to be renamed over its target.
        pub(super) fn name(self) -> std::io::Result<Named> {
            match self {
                #[cfg(target_os = "linux")]
                Staged::Unnamed { file, dir } => {
                    use std::os::fd::AsRawFd;
                    use std::os::unix::ffi::OsStrExt;
                    let proc =
                        std::ffi::CString::new(format!("/proc/self/fd/{}", file.as_raw_fd()))
                            .expect("no NUL in a number");
                    for _ in 0..16 {
                        let path = hidden_name(&dir, "tmp");
                        let c = std::ffi::CString::new(path.as_os_str().as_bytes())
                            .map_err(std::io::Error::other)?;
                        // SAFETY: two valid C strings; linkat makes a new name only.
                        let r = unsafe {
                            libc::linkat(
                                libc::AT_FDCWD,
                                proc.as_ptr(),
                                libc::AT_FDCWD,
                                c.as_ptr(),
                                libc::AT_SYMLINK_FOLLOW,
                            )
                        };
                        if r == 0 {
                            return Ok(Named::new(path));
                        }
                        let e = std::io::Error::last_os_error();
                        if e.kind() != std::io::ErrorKind::AlreadyExists {
                            return Err(e);
                        }
                    }
                    Err(std::io::Error::other("no free temporary name"))
                }
                Staged::Named(n) => Ok(n),
            }
        }
    }

    /// An unnamed file in `dir`, where the system and file system allow.
    #[cfg(target_os = "linux")]
    fn unnamed(dir: &Path) -> Option<std::fs::File> {
        use std::os::fd::FromRawFd;
        use std::os::unix::ffi::OsStrExt;
        if !Path::new("/proc/self/fd").is_dir() {
            return None;
        }
        let c = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
        // SAFETY: a valid C string; the descriptor is owned by the File.
        let fd = unsafe {
            libc::open(
                c.as_ptr(),
                libc::O_TMPFILE | libc::O_WRONLY | libc::O_CLOEXEC,
                0o666 as libc::c_uint,
            )
        };
        (fd >= 0).then(|| unsafe { std::fs::File::from_raw_fd(fd) })
    }

    /// Writes and syncs the contents, giving the file the old one's mode and owner.
    fn fill(
        mut file: &std::fs::File,
        bytes: &[u8],
        old: Option<&std::fs::Metadata>,
    ) -> std::io::Result<()> {
        #[cfg(unix)]
        if let Some(m) = old {
            use std::os::fd::AsRawFd;
            use std::os::unix::fs::{MetadataExt, PermissionsExt};
            // Owner first: changing it may clear set-id bits the mode then restores.
            // SAFETY: fchown on a descriptor we own; failure (not allowed) is fine.
            unsafe { libc::fchown(file.as_raw_fd(), m.uid(), m.gid()) };
            file.set_permissions(std::fs::Permissions::from_mode(m.mode() & 0o7777))?;
        }
        #[cfg(not(unix))]
        let _ = old;
        file.write_all(bytes)?;
        file.sync_all()
    }

    /// Keeps the file now at `target` (if any) under a hidden name until the
    /// new one is in place: a hard link, or where links are not allowed, a copy.
    /// Fails when the old file cannot be replaced (immutable, not ours).
    pub(super) fn keep(target: &Path) -> std::io::Result<Option<Named>> {
        let meta = match std::fs::symlink_metadata(target) {
            Ok(m) => m,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        let dir = super::parent_dir(target);
        for _ in 0..16 {
            let path = hidden_name(dir, "old");
            match std::fs::hard_link(target, &path) {
                Ok(()) => return Ok(Some(Named::new(path))),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => {
                    // Not ours to link (or immutable): a copy tells which.
                    break;
                }
                Err(_) => break,
            }
        }
        let bytes = std::fs::read(target)?;
        let (file, path) = create_hidden(dir, "old")?;
        let named = Named::new(path);
        fill(&file, &bytes, Some(&meta))?;
        Ok(Some(named))
    }
}

/// SIGINT, SIGTERM and SIGHUP held back while files are written and renamed.
mod signals {
    /// Blocks the signals until dropped; one that arrived meanwhile then takes effect.
    pub(super) struct Deferred {
        #[cfg(unix)]
        old: libc::sigset_t,
    }

    impl Deferred {
        pub(super) fn new() -> Deferred {
            #[cfg(unix)]
            // SAFETY: sigset operations on local sets; pthread_sigmask on this thread.
            unsafe {
                let mut set: libc::sigset_t = std::mem::zeroed();
                let mut old: libc::sigset_t = std::mem::zeroed();
                libc::sigemptyset(&mut set);
                libc::sigaddset(&mut set, libc::SIGINT);
                libc::sigaddset(&mut set, libc::SIGTERM);
                libc::sigaddset(&mut set, libc::SIGHUP);
                libc::pthread_sigmask(libc::SIG_BLOCK, &set, &mut old);
                Deferred { old }
            }
            #[cfg(not(unix))]
            Deferred {}
        }
    }

    impl Drop for Deferred {
        fn drop(&mut self) {
            #[cfg(unix)]
            // SAFETY: restores the mask saved by `new`.
            unsafe {
                libc::pthread_sigmask(libc::SIG_SETMASK, &self.old, std::ptr::null_mut());
            }
        }
    }
}

/// The file of one piece of a document written one file per piece (`set
/// --split`), named after the document's `path`: `jungle-set-board.pdf` for
/// `jungle-set.pdf` and `board` (its extension kept, none if it has none).
pub fn piece_path(path: &Path, piece: &str) -> PathBuf {
    let mut name = path.file_stem().unwrap_or_default().to_os_string();
    name.push("-");
    name.push(piece);
    if let Some(ext) = path.extension() {
        name.push(".");
        name.push(ext);
    }
    path.with_file_name(name)
}

/// Checks the names a run makes up from the one the user gave (a split
/// set's files), before anything is drawn: each as [`check_target`] checks
/// a target, and besides, none a symbolic link (a link found at a made-up
/// name was planted there, and is refused rather than written through) and
/// no two the same name (ignoring case, as some file systems do), nor one
/// too long for the file system. Exit 2, naming [`Opt::Output`]; nothing is
/// written.
pub fn check_made_up_targets(paths: &[PathBuf]) -> Result<(), Error> {
    let mut seen: Vec<(String, &Path)> = Vec::with_capacity(paths.len());
    for p in paths {
        if is_stdout(p) {
            return Err(Error::usage(
                Opt::Output,
                "standard output takes one file only; give a file name",
            ));
        }
        let key = p.to_string_lossy().to_lowercase();
        if let Some((_, other)) = seen.iter().find(|(k, _)| *k == key) {
            return Err(Error::usage(
                Opt::Output,
                format!(
                    "two files of this run would both be named `{}` (`{}`); choose another output name",
                    shown_path(p),
                    shown_path(other)
                ),
            ));
        }
        seen.push((key, p));
        if std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(Error::usage(
                Opt::Output,
                format!(
                    "`{}` is a symbolic link; a file whose name is made from the output's is never written through a link: remove the link or choose another output name",
                    shown_path(p)
                ),
            ));
        }
        check_target(p).map_err(|e| match e {
            Error::Io { source, .. } if source.kind() == std::io::ErrorKind::InvalidFilename => {
                Error::usage(
                    Opt::Output,
                    format!(
                        "`{}` is too long a name for this file system (the name of the output, with the piece's added); choose a shorter output name",
                        shown_path(p)
                    ),
                )
            }
            e => e,
        })?;
    }
    Ok(())
}

/// The file of page `index` (from 0) of a document written one file per
/// page: `board.svg` for the first page, `board-2.svg`, … for the others.
pub fn page_path(path: &Path, index: usize) -> PathBuf {
    if index == 0 || is_stdout(path) {
        return path.to_path_buf();
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "svg".into());
    path.with_file_name(format!("{stem}-{}.{ext}", index + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("jp-output-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn names(d: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    #[cfg(unix)]
    fn symlinks_are_written_through_keeping_the_mode() {
        use std::os::unix::fs::PermissionsExt;
        let d = dir("link");
        std::fs::write(d.join("real.pdf"), "old").unwrap();
        std::fs::set_permissions(d.join("real.pdf"), std::fs::Permissions::from_mode(0o600))
            .unwrap();
        std::os::unix::fs::symlink("real.pdf", d.join("link.pdf")).unwrap();
        write_atomic(&d.join("link.pdf"), b"new", Stdout::default()).unwrap();
        assert!(std::fs::symlink_metadata(d.join("link.pdf"))
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(d.join("real.pdf")).unwrap(), b"new");
        let mode = std::fs::metadata(d.join("real.pdf"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        assert_eq!(names(&d), ["link.pdf", "real.pdf"]);
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn special_files_and_folders_are_refused() {
        // check_target only reads: /dev/null is safe here.
        let e = check_target(Path::new("/dev/null")).unwrap_err();
        assert!(e.to_string().contains("is a device"), "{e}");
        assert_eq!(e.exit_code(), 2);
        let e = check_target(&std::env::temp_dir()).unwrap_err();
        assert_eq!(e.opt(), Some(Opt::Output), "{e}");
    }

    #[test]
    fn a_long_name_fits_beside_its_temporary_file() {
        let d = dir("long");
        let p = d.join(format!("{}.svg", "n".repeat(251)));
        write_atomic(&p, b"x", Stdout::default()).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"x");
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_set_that_cannot_be_written_leaves_the_old_files() {
        let d = dir("set");
        std::fs::write(d.join("a.svg"), "old a").unwrap();
        std::fs::create_dir(d.join("a-2.svg")).unwrap();
        let files = vec![
            (d.join("a.svg"), b"new a".to_vec()),
            (d.join("a-2.svg"), b"new b".to_vec()),
        ];
        assert!(write_set(&files, Stdout::default()).is_err());
        assert_eq!(std::fs::read(d.join("a.svg")).unwrap(), b"old a");
        assert_eq!(names(&d), ["a-2.svg", "a.svg"], "no temporary file is left");
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    #[cfg(unix)]
    fn a_set_whose_last_rename_fails_puts_the_first_pages_back() {
        // Page 3's rename fails after pages 1 and 2 are in place (as an
        // immutable or foreign file would make it): both are put back.
        let d = dir("restore");
        std::fs::write(d.join("a.svg"), "old a").unwrap();
        std::fs::write(d.join("a-3.svg"), "old c").unwrap();
        let targets = vec![d.join("a.svg"), d.join("a-2.svg"), d.join("a-3.svg")];
        let staged = ["new a", "new b", "new c"]
            .iter()
            .zip(&targets)
            .map(|(b, t)| temp::Staged::write(t, b.as_bytes()).unwrap())
            .collect();
        let calls = std::cell::Cell::new(0);
        let e = commit(staged, &targets, |from, to| {
            calls.set(calls.get() + 1);
            if calls.get() == 3 {
                return Err(std::io::Error::from(std::io::ErrorKind::PermissionDenied));
            }
            std::fs::rename(from, to)
        });
        assert!(e.is_err());
        assert_eq!(std::fs::read(d.join("a.svg")).unwrap(), b"old a");
        assert_eq!(std::fs::read(d.join("a-3.svg")).unwrap(), b"old c");
        assert_eq!(
            names(&d),
            ["a-3.svg", "a.svg"],
            "no temporary or new file is left"
        );
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    #[cfg(unix)]
    fn a_planted_link_at_a_temporary_name_is_never_followed() {
        // Names are unpredictable; even a link at every old-style name is ignored.
        let d = dir("plant");
        std::fs::write(d.join("victim"), "precious").unwrap();
        for i in 0..4 {
            let name = format!(".jp-{}-{i}.tmp", std::process::id());
            std::os::unix::fs::symlink(d.join("victim"), d.join(name)).unwrap();
        }
        write_atomic(&d.join("out.pdf"), b"new", Stdout::default()).unwrap();
        assert_eq!(std::fs::read(d.join("victim")).unwrap(), b"precious");
        assert!(!std::fs::symlink_metadata(d.join("out.pdf"))
            .unwrap()
            .file_type()
            .is_symlink());
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    #[cfg(unix)]
    fn an_input_cannot_be_the_output_however_spelled() {
        let d = dir("input");
        std::fs::write(d.join("t.toml"), "x").unwrap();
        std::os::unix::fs::symlink(d.join("t.toml"), d.join("l.pdf")).unwrap();
        let inputs = vec![d.join("t.toml")];
        for out in [
            d.join("t.toml"),
            d.join("l.pdf"),
            d.join(".").join("t.toml"),
        ] {
            let e = check_not_input(&[out], &inputs).unwrap_err();
            assert_eq!(e.exit_code(), 2);
            assert!(e.to_string().contains("t.toml"), "{e}");
        }
        assert!(check_not_input(&[d.join("new.pdf")], &inputs).is_ok());
        std::fs::remove_dir_all(&d).unwrap();
    }
}
