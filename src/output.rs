//! Writing files atomically: each file goes to a temporary file beside its
//! target, then is renamed over it, so a failed run never leaves a half-written
//! file behind. A set of files (the pages of an SVG document) is written in
//! full to temporary files before any target is replaced.
//!
//! A target that is a symbolic link is written through to the file it points
//! to (the link stays); a folder, FIFO, device or socket, or a read-only file,
//! is refused before anything is written. `-` is standard output.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::input::shown_path;

/// How many symbolic links are followed before giving up (the kernel's own limit).
const MAX_LINKS: usize = 40;

/// True for `-`, standard output.
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The file that writing to `path` replaces: `path` itself, or the end of its
/// chain of symbolic links. Refused (exit 2, naming `--output`): a folder, a
/// FIFO, a device, a socket, a read-only file, a folder that does not exist, a
/// loop of links.
pub fn check_target(path: &Path) -> Result<PathBuf, Error> {
    let refuse = |p: &Path, why: &str| {
        Error::usage(
            "--output",
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
                "--output",
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

/// Writes `bytes` to `path` atomically (or to standard output when `path` is `-`).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    write_set(&[(path.to_path_buf(), bytes.to_vec())])
}

/// Writes several files as a set: every target is checked, then every file is
/// written to a temporary file, and only then are the targets replaced. On a
/// failure the temporary files are removed and the old files stay.
/// Standard output (`-`) may only be written alone.
pub fn write_set(files: &[(PathBuf, Vec<u8>)]) -> Result<(), Error> {
    if let [(path, bytes)] = files {
        if is_stdout(path) {
            let io = |e| Error::Io {
                path: "standard output".into(),
                source: e,
            };
            let mut out = std::io::stdout().lock();
            out.write_all(bytes).map_err(io)?;
            return out.flush().map_err(io);
        }
    }
    let targets: Vec<PathBuf> = files
        .iter()
        .map(|(p, _)| {
            if is_stdout(p) {
                Err(Error::usage(
                    "--output",
                    "standard output takes one file only; give a file name",
                ))
            } else {
                check_target(p)
            }
        })
        .collect::<Result<_, _>>()?;
    let mut temps: Vec<PathBuf> = Vec::with_capacity(files.len());
    let cleanup = |temps: &[PathBuf]| {
        for t in temps {
            let _ = std::fs::remove_file(t);
        }
    };
    for (i, ((_, bytes), target)) in files.iter().zip(&targets).enumerate() {
        // A short name, so that a target name of up to 255 bytes still works.
        let tmp = parent_dir(target).join(format!(".jp-{}-{i}.tmp", std::process::id()));
        let written = (|| {
            let mut f = std::fs::File::create(&tmp)?;
            f.write_all(bytes)?;
            f.sync_all()
        })();
        temps.push(tmp);
        if let Err(e) = written {
            cleanup(&temps);
            return Err(Error::Io {
                path: shown_path(target),
                source: e,
            });
        }
    }
    for (i, (tmp, target)) in temps.iter().zip(&targets).enumerate() {
        if let Err(e) = std::fs::rename(tmp, target) {
            cleanup(&temps[i..]);
            return Err(Error::Io {
                path: shown_path(target),
                source: e,
            });
        }
    }
    Ok(())
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

    #[test]
    #[cfg(unix)]
    fn symlinks_are_written_through() {
        let d = dir("link");
        std::fs::write(d.join("real.pdf"), "old").unwrap();
        std::os::unix::fs::symlink("real.pdf", d.join("link.pdf")).unwrap();
        write_atomic(&d.join("link.pdf"), b"new").unwrap();
        assert!(std::fs::symlink_metadata(d.join("link.pdf"))
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(d.join("real.pdf")).unwrap(), b"new");
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn special_files_and_folders_are_refused() {
        // check_target only reads: /dev/null is safe here.
        let e = check_target(Path::new("/dev/null")).unwrap_err();
        assert!(e.to_string().contains("is a device"), "{e}");
        assert_eq!(e.exit_code(), 2);
        let e = check_target(&std::env::temp_dir()).unwrap_err();
        assert!(e.to_string().starts_with("--output:"), "{e}");
    }

    #[test]
    fn a_long_name_fits_beside_its_temporary_file() {
        let d = dir("long");
        let p = d.join(format!("{}.svg", "n".repeat(251)));
        write_atomic(&p, b"x").unwrap();
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
        assert!(write_set(&files).is_err());
        assert_eq!(std::fs::read(d.join("a.svg")).unwrap(), b"old a");
        let left: Vec<_> = std::fs::read_dir(&d).unwrap().collect();
        assert_eq!(left.len(), 2, "no temporary file is left");
        std::fs::remove_dir_all(&d).unwrap();
    }
}
