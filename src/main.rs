//! The `jungle-print` command line.

mod cli;

/// mimalloc, for a run's many small buffers (see Cargo.toml).
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(cli::run());
}
