// The `bindgen` command: upstream's bindgen-cli main over the library's own
// command-line parser, so it takes exactly the real binary's flags
// (--version, --output, --depfile, --wrap-static-fns*, `-- clang args`).

use std::{env, process};

fn main() {
    env_logger::init();

    // Parses the flags; `--version` and `--generate-shell-completions`
    // print and exit in here.
    let (builder, output, verbose) = match bindgen::builder_from_flags(env::args()) {
        Ok(parsed) => parsed,
        Err(error) => {
            eprintln!("{error}");
            process::exit(1);
        }
    };

    std::panic::set_hook(Box::new(move |info| {
        if verbose {
            eprintln!("bindgen unexpectedly panicked");
        }
        eprintln!("{info}");
    }));

    // generate() also writes the --wrap-static-fns source and the depfile.
    let bindings = builder.generate().unwrap_or_else(|error| {
        eprintln!("Unable to generate bindings: {error}");
        process::exit(1);
    });
    if let Err(error) = bindings.write(output) {
        eprintln!("Unable to write output: {error}");
        process::exit(1);
    }
}
