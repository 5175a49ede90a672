//! The `jungle-print` command line.

mod cli;

fn main() {
    std::process::exit(cli::run());
}
