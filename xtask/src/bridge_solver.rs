//! bridge-solver (macroxue/bridge-solver on GitHub, MIT or Apache-2.0: one C++ file,
//! `solver.cc`), the solver `cargo xtask race` runs against: its input file for a deal, the
//! double-dummy table read back from its output, and its build from source as its own
//! makefile does it (`-O3`, BMI2 where the processor has it, profile-guided on one deal).

use ddsolve_cards::{Deal, Seat, Strain};
use std::path::{Path, PathBuf};
use std::process::Command;

/// bridge-solver's input file for a full deal: North's hand; West's and East's on one line;
/// South's. A hand is its suits, spades first, separated by spaces, `-` for a void.
pub fn input(deal: &Deal) -> String {
    let hand = |seat: Seat| {
        deal.hand(seat)
            .holdings()
            .iter()
            .map(|h| match h.to_string() {
                s if s.is_empty() => "-".to_string(),
                s => s,
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!(
        "{}\n{}    {}\n{}\n",
        hand(Seat::North),
        hand(Seat::West),
        hand(Seat::East),
        hand(Seat::South)
    )
}

/// The declarers of bridge-solver's table columns, in order.
const COLUMNS: [Seat; 4] = [Seat::South, Seat::North, Seat::West, Seat::East];

/// The double-dummy table in bridge-solver's output, in DDS order (strains S, H, D, C, NT;
/// declarers N, E, S, W within each), or `None` if a strain is missing. bridge-solver prints
/// one line per strain: its letter (`N` for notrump), the tricks with South, North, West and
/// East declaring, then the time and memory so far (`N  5  5  7  7  0.18 s  14.4 M`).
pub fn parse_table(output: &str) -> Option<[u8; 20]> {
    let mut table = [0u8; 20];
    let mut seen = [false; 5];
    for line in output.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let strain = match words.first() {
            Some(&"S") => Strain::Spades,
            Some(&"H") => Strain::Hearts,
            Some(&"D") => Strain::Diamonds,
            Some(&"C") => Strain::Clubs,
            Some(&"N") => Strain::NoTrump,
            _ => continue,
        };
        let tricks: Vec<u8> = words
            .iter()
            .skip(1)
            .take(4)
            .map_while(|w| w.parse().ok().filter(|&t| t <= 13))
            .collect();
        if tricks.len() < 4 {
            continue;
        }
        for (seat, t) in COLUMNS.iter().zip(tricks) {
            table[4 * strain.index() + seat.index()] = t;
        }
        seen[strain.index()] = true;
    }
    seen.iter().all(|&s| s).then_some(table)
}

/// The deal bridge-solver's profile-guided build trains on (its makefile's).
const TRAINING_DEAL: &str =
    "AQ4 T98 KQ7 J652\nK73 A652 J954 83    J962 KJ4 A2 AQT7\nT85 Q73 T863 K94\n";

/// Builds `src/solver.cc` into `out/solver` as bridge-solver's makefile does: `-O3`, BMI2
/// where this processor has it, then profile-guided (an instrumented build solves one deal,
/// and the final build uses its profile). `$CXX` (default `g++`: the profile is GCC's) is the
/// compiler. The builds happen in `out/pgo`, and the binary is moved to `out/solver` only
/// once the final build succeeded, so a binary there newer than its source is kept. Returns
/// the binary's path; the compiler's messages are in `out/build.log`.
pub fn build(src: &Path, out: &Path) -> Result<PathBuf, String> {
    let source = src.join("solver.cc");
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let source_time = modified(&source).ok_or_else(|| {
        format!(
            "{}: not found (--bridge-solver-src is the folder of bridge-solver's solver.cc)",
            source.display()
        )
    })?;
    if modified(&out.join("solver")).is_some_and(|t| t >= source_time) {
        return Ok(out.join("solver"));
    }
    let fail = |p: &Path, e: std::io::Error| format!("{}: {e}", p.display());
    let work = out.join("pgo");
    std::fs::create_dir_all(&work).map_err(|e| fail(&work, e))?;
    // Absolute, so that the training run finds the binary from inside `work`.
    let work = std::fs::canonicalize(&work).map_err(|e| fail(&work, e))?;
    let source = std::fs::canonicalize(&source).map_err(|e| fail(&source, e))?;
    std::fs::write(work.join("pgo.deal"), TRAINING_DEAL).map_err(|e| fail(&work, e))?;
    let log_path = out.join("build.log");
    let log = std::fs::File::create(&log_path).map_err(|e| fail(&log_path, e))?;
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "g++".to_string());
    let mut opts = vec!["-std=c++17", "-O3", "-Wmissing-profile"];
    if has_bmi2() {
        opts.extend(["-msse4.2", "-mbmi", "-mbmi2"]);
    }
    // Both builds are named `solver`, so the instrumented one writes `solver.gcda` where the
    // final one looks for it.
    let compile = |extra: &[&str]| {
        let mut cmd = Command::new(&cxx);
        cmd.args(&opts)
            .args(extra)
            .arg("-o")
            .arg("solver")
            .arg(&source);
        cmd
    };
    let mut train = Command::new(work.join("solver"));
    train.args(["-f", "pgo.deal"]);
    let steps = [
        compile(&["-fprofile-generate"]),
        train,
        compile(&["-fprofile-use", "-fprofile-correction"]),
    ];
    for mut cmd in steps {
        let to_log = || log.try_clone().map_err(|e| fail(&log_path, e));
        cmd.current_dir(&work).stdout(to_log()?).stderr(to_log()?);
        let program = cmd.get_program().to_string_lossy().into_owned();
        let status = cmd
            .status()
            .map_err(|e| format!("cannot run {program}: {e}"))?;
        if !status.success() {
            return Err(format!(
                "building bridge-solver failed ({program}: {status}): see {}",
                log_path.display()
            ));
        }
    }
    let binary = out.join("solver");
    std::fs::rename(work.join("solver"), &binary).map_err(|e| fail(&binary, e))?;
    Ok(binary)
}

/// Does this processor have BMI2 (and so the instructions bridge-solver's makefile asks for)?
fn has_bmi2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("bmi2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_puts_west_and_east_on_one_line_and_marks_voids() {
        let deal: Deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
            .parse()
            .unwrap();
        assert_eq!(
            input(&deal),
            "AKQJT98765432 - - -\n- - - AKQJT98765432    - AKQJT98765432 - -\n- - AKQJT98765432 -\n"
        );
    }

    #[test]
    fn the_table_is_read_in_dds_order() {
        let out = "\
                          \u{2660} AQ4 \u{2665} T98 \u{2666} KQ7 \u{2663} J652
N  5  5  7  7  0.18 s  14.4 M
S  5  5  8  8  0.30 s  15.2 M
H  4  5  8  9  0.37 s  15.2 M
D  6  6  7  7  0.45 s  15.2 M
C  6  6  7  7  0.57 s  15.3 M
";
        let t = parse_table(out).unwrap();
        // Spades: N 5, E 8, S 5, W 8.
        assert_eq!(&t[0..4], &[5, 8, 5, 8]);
        // Hearts: South 4, North 5, West 8, East 9.
        assert_eq!(&t[4..8], &[5, 9, 4, 8]);
        assert_eq!(&t[16..20], &[5, 7, 5, 7]);
        assert_eq!(parse_table(&out.replace("\nD ", "\nX ")), None);
        assert_eq!(parse_table(""), None);
    }
}
