//! End-to-end tests of `ddsolve par` and `ddsolve check --mode par|dealerpar`.

use std::path::PathBuf;
use std::process::{Command, Output};

/// list10's first deal (PAR "NS -110" "EW 110" "NS:EW 2S" "EW:EW 2S", PAR2 "-110" "2S-EW").
const DEAL: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

fn ddsolve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ddsolve"))
        .args(args)
        .output()
        .expect("the ddsolve binary runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

fn ok(o: Output) -> String {
    assert_eq!(o.status.code(), Some(0), "stderr: {}", text(&o.stderr));
    text(&o.stdout)
}

/// Asserts exit status 2, no panic, and a message containing every one of `needles`.
fn bad_input(o: Output, needles: &[&str]) {
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    assert!(!err.contains("panicked"), "{err}");
    for n in needles {
        assert!(err.contains(n), "{n:?} not in: {err}");
    }
}

fn data(name: &str) -> String {
    ddsolve_testkit::data::path(name).display().to_string()
}

/// A file in the temp folder, unique to this test run.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("ddsolve-par-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn check_list10_par_mode() {
    let out = ok(ddsolve(&["check", &data("list10.txt"), "--mode", "par"]));
    assert_eq!(out, "checked 10: 0 mismatches\n");
}

#[test]
fn check_list10_dealerpar_mode() {
    let out = ok(ddsolve(&[
        "check",
        &data("list10.txt"),
        "--mode",
        "dealerpar",
    ]));
    assert_eq!(out, "checked 10: 0 mismatches\n");
}

#[test]
fn par_of_a_deal() {
    let out = ok(ddsolve(&["par", DEAL]));
    assert_eq!(
        out,
        format!(
            "{DEAL}
     NT   S   H   D   C
N     6   5   6   5   7
E     6   8   6   7   5
S     6   5   6   5   7
W     6   8   6   7   5
vulnerable: none, dealer: N
par (DDS Par):            EW 2S; NS -110, EW +110
                          DDS: NS -110  EW 110  NS:EW 2S  EW:EW 2S
dealer par (DealerPar):   EW 2S; NS -110
                          DDS: -110  2S-EW
sides par (SidesPar):     NS dealing: EW 2S, NS -110; EW dealing: EW 2S, EW +110
                          DDS: NS -110 2S-EW  EW 110 2S-EW
"
        )
    );
    // list1000, an entry dealt by East, East-West vulnerable; the deal as four words.
    let hands = [
        "E:A87.9752.AQ63.87",
        "KJ4.T8.KJT54.KQ2",
        "QT532.AQ4.87.JT9",
        "96.KJ63.92.A6543",
    ];
    let mut args = vec!["par", "--vul", "ew", "--dealer", "east"];
    args.extend(hands);
    let out = ok(ddsolve(&args));
    assert!(
        out.ends_with(
            "vulnerable: EW, dealer: E\n\
             par (DDS Par):            NS 2C+2; NS +130, EW -130\n\
             \x20                         DDS: NS 130  EW -130  NS:NS 234C  EW:NS 234C\n\
             dealer par (DealerPar):   NS 2C+2; NS +130\n\
             \x20                         DDS: 130  2C-NS+2\n\
             sides par (SidesPar):     NS dealing: NS 2C+2, NS +130; EW dealing: NS 2C+2, EW -130\n\
             \x20                         DDS: NS 130 2C-NS+2  EW -130 2C-NS+2\n"
        ),
        "{out}"
    );
}

#[test]
fn par_rejects_bad_input() {
    bad_input(
        ddsolve(&["par", "--vul", "nw", DEAL]),
        &["nw", "vulnerability"],
    );
    bad_input(ddsolve(&["par", "--dealer", "X", DEAL]), &["\"X\"", "seat"]);
    bad_input(ddsolve(&["par", "N:A... K... Q... J..."]), &["13 cards"]);
    bad_input(
        ddsolve(&["par", "N:A... K... Q... A..."]),
        &["argument 1", "SA"],
    );
}

#[test]
fn check_reports_par_mismatches_in_full() {
    // list10's first deal with a wrong PAR (4S for East-West) and a wrong PAR2 score.
    let text = format!(
        "PBN 0 0 0 0 \"{DEAL}\"\n\
         TABLE 5 8 5 8 6 6 6 6 5 7 5 7 7 5 7 5 6 6 6 6\n\
         PAR \"NS -420\" \"EW 420\" \"NS:EW 4S\" \"EW:EW 4S\"\n\
         PAR2 \"-140\" \"2S-EW\"\n"
    );
    let file = temp_file("wrong.txt", &text);
    let file = file.to_str().unwrap();
    let o = ddsolve(&["check", file, "--mode", "par"]);
    let out = text_of(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("MISMATCH in PAR, entry 1 (line 1)"), "{out}");
    assert!(
        out.contains(r#"expected: "NS -420" "EW 420" "NS:EW 4S" "EW:EW 4S""#),
        "{out}"
    );
    assert!(
        out.contains(r#"got:      "NS -110" "EW 110" "NS:EW 2S" "EW:EW 2S""#),
        "{out}"
    );
    assert!(out.ends_with("checked 1: 1 mismatches\n"), "{out}");

    // --mode dealerpar checks the PAR2 line; --mode all the TABLE line (right) too.
    let o = ddsolve(&["check", file, "--mode", "dealerpar"]);
    let out = text_of(&o);
    assert!(out.contains("MISMATCH in PAR2"), "{out}");
    assert!(out.contains(r#"got:      "-110" "2S-EW""#), "{out}");
    assert!(out.ends_with("checked 1: 1 mismatches\n"), "{out}");
    let out = text_of(&ddsolve(&["check", file, "--mode", "all"]));
    assert!(out.ends_with("checked 3: 2 mismatches\n"), "{out}");
}

fn text_of(o: &Output) -> String {
    text(&o.stdout)
}
