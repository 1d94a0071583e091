/*
 * hardening: limits at the C boundary.
 *
 * Usage: hardening threads | converters.
 * - threads: SetMaxThreads(INT_MAX) is capped at the cores (GetDDSInfo says so), and
 *   one-board batch calls (SolveAllChunksPBN, CalcAllTablesPBN with a strain filter,
 *   AnalyseAllPlaysPBN) and CalcDDtablePBN then finish at once.
 * - converters: ConvertToDealerTextFormat and ConvertToSidesTextFormat refuse what no par
 *   calculation gives (levels, undertricks, overtricks, denominations, seats, scores and
 *   counts out of range) with RETURN_UNKNOWN_FAULT, write nothing then, and never write
 *   past DDS's buffer sizes (guard bytes after the buffers; the test also runs this part
 *   under valgrind).
 * Prints one line per case; exit status 1 if any case fails.
 */
#include <dds/dll.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int failures;

static void check(const char *name, int ok) {
  printf("%-64s %s\n", name, ok ? "ok" : "<-- WRONG");
  if (!ok)
    failures++;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* A three-card ending: quick to solve, so that only thread start-up could be slow. */
static const char *ENDING = "N:AKQ... 432... JT9... 876...";

static void threads_cases(void) {
  SetMaxThreads(INT_MAX);
  struct DDSInfo info;
  GetDDSInfo(&info);
  check("GetDDSInfo after SetMaxThreads(INT_MAX): threads at most the cores",
        info.noOfThreads >= 1 && info.noOfThreads <= info.numCores);
  SetResources(0, INT_MAX);
  GetDDSInfo(&info);
  check("GetDDSInfo after SetResources(0, INT_MAX): threads at most the cores",
        info.noOfThreads >= 1 && info.noOfThreads <= info.numCores);

  static struct boardsPBN boards;
  static struct solvedBoards solved;
  memset(&boards, 0, sizeof boards);
  boards.noOfBoards = 1;
  boards.deals[0].trump = 4;
  boards.deals[0].first = 1;
  strcpy(boards.deals[0].remainCards, ENDING);
  boards.target[0] = -1;
  boards.solutions[0] = 3;
  double start = now();
  int code = SolveAllChunksPBN(&boards, &solved, 1);
  check("SolveAllChunksPBN: one board", code == RETURN_NO_FAULT && solved.noOfBoards == 1);

  static struct ddTableDealsPBN deals;
  static struct ddTablesRes tables;
  memset(&deals, 0, sizeof deals);
  deals.noOfTables = 1;
  strcpy(deals.deals[0].cards, ENDING);
  int filter[DDS_STRAINS] = {1, 1, 1, 1, 0};
  code = CalcAllTablesPBN(&deals, -1, filter, &tables, NULL);
  check("CalcAllTablesPBN: one deal, notrump alone",
        code == RETURN_NO_FAULT && tables.results[0].resTable[4][0] == 3);

  struct ddTableDealPBN one;
  memset(&one, 0, sizeof one);
  strcpy(one.cards, ENDING);
  struct ddTableResults table;
  code = CalcDDtablePBN(one, &table);
  check("CalcDDtablePBN: one deal", code == RETURN_NO_FAULT && table.resTable[4][0] == 3);

  static struct playTracesPBN plays;
  static struct solvedPlays played;
  memset(&plays, 0, sizeof plays);
  plays.noOfBoards = 1;
  plays.plays[0].number = 1;
  strcpy(plays.plays[0].cards, "C6");
  boards.deals[0].first = 3;
  strcpy(boards.deals[0].remainCards, "N:AKQ... 432... JT9... 8.7..6");
  code = AnalyseAllPlaysPBN(&boards, &plays, &played, 1);
  check("AnalyseAllPlaysPBN: one play", code == RETURN_NO_FAULT && played.noOfBoards == 1);

  double seconds = now() - start;
  check("the one-board calls finish promptly (under 20 s)", seconds < 20.0);
  SetMaxThreads(0);
}

#define ROOM 131 /* DDS's room for ConvertToDealerTextFormat: 11 + 12 per contract */
#define GUARD 64

/* A master with `number` contracts, each 4S by NS making. */
static struct parResultsMaster master_of(int score, int number) {
  struct parResultsMaster m;
  memset(&m, 0, sizeof m);
  m.score = score;
  m.number = number;
  for (int k = 0; k < 10; k++) {
    m.contracts[k].level = 4;
    m.contracts[k].denom = 1;
    m.contracts[k].seats = 4;
  }
  return m;
}

/* ConvertToDealerTextFormat into ROOM bytes followed by guard bytes: the code, whether the
   guard is intact, and (for a fault) whether the buffer is untouched. */
static int dealer_text(struct parResultsMaster *m, int *guard_ok, int *untouched, char *text) {
  unsigned char *buffer = malloc(ROOM + GUARD);
  memset(buffer, 0xAA, ROOM + GUARD);
  int code = ConvertToDealerTextFormat(m, (char *)buffer);
  *guard_ok = 1;
  for (int i = ROOM; i < ROOM + GUARD; i++)
    if (buffer[i] != 0xAA)
      *guard_ok = 0;
  *untouched = 1;
  for (int i = 0; i < ROOM; i++)
    if (buffer[i] != 0xAA)
      *untouched = 0;
  if (text) {
    memcpy(text, buffer, ROOM);
    text[ROOM - 1] = 0;
  }
  free(buffer);
  return code;
}

struct guarded_sides {
  struct parTextResults text;
  unsigned char guard[GUARD];
};

static void converters_cases(void) {
  char text[ROOM];
  int guard_ok, untouched;

  /* The longest text checked input gives: ten sacrifices at the seven level. */
  struct parResultsMaster m = master_of(-7600, 10);
  for (int k = 0; k < 10; k++) {
    m.contracts[k].level = 7;
    m.contracts[k].denom = 0;
    m.contracts[k].seats = 5;
    m.contracts[k].underTricks = 13;
  }
  int code = dealer_text(&m, &guard_ok, &untouched, text);
  check("dealer text: ten 7NTx-13 fit DDS's room", code == RETURN_NO_FAULT && guard_ok);
  m = master_of(420, 1);
  code = dealer_text(&m, &guard_ok, &untouched, text);
  check("dealer text: Par 420: NS 4S",
        code == RETURN_NO_FAULT && guard_ok && strcmp(text, "Par 420: NS 4S") == 0);

  struct {
    const char *name;
    int score, number, k, field, value;
  } bad[] = {
      {"dealer text: level 9", 420, 1, 0, 2, 9},
      {"dealer text: level 0", 420, 1, 0, 2, 0},
      {"dealer text: level -5", 420, 1, 0, 2, -5},
      {"dealer text: undertricks 99", -500, 1, 0, 0, 99},
      {"dealer text: undertricks 11 at the four level", -500, 1, 0, 0, 11},
      {"dealer text: undertricks -1", 420, 1, 0, 0, -1},
      {"dealer text: overtricks 50", 420, 1, 0, 1, 50},
      {"dealer text: overtricks 4 at the four level", 420, 1, 0, 1, 4},
      {"dealer text: denomination 5", 420, 1, 0, 3, 5},
      {"dealer text: seats 6", 420, 1, 0, 4, 6},
      {"dealer text: seats -1 in the tenth contract", 420, 10, 9, 4, -1},
      {"dealer text: score 1000000000", 1000000000, 1, 0, 2, 4},
      {"dealer text: score INT_MIN", INT_MIN, 1, 0, 2, 4},
      {"dealer text: count 11", 420, 11, 0, 2, 4},
      {"dealer text: count INT_MAX", 420, INT_MAX, 0, 2, 4},
      {"dealer text: count -1", 420, -1, 0, 2, 4},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    m = master_of(bad[i].score, bad[i].number);
    int *fields = &m.contracts[bad[i].k].underTricks;
    fields[bad[i].field] = bad[i].value;
    code = dealer_text(&m, &guard_ok, &untouched, NULL);
    check(bad[i].name, code == RETURN_UNKNOWN_FAULT && guard_ok && untouched);
  }
  /* Garbage everywhere (the review's case: every field huge). */
  memset(&m, 0x7f, sizeof m);
  code = dealer_text(&m, &guard_ok, &untouched, NULL);
  check("dealer text: every byte 0x7f", code == RETURN_UNKNOWN_FAULT && guard_ok && untouched);

  struct parResultsMaster sides[2];
  struct guarded_sides *out = malloc(sizeof *out);
  sides[0] = master_of(420, 1);
  sides[1] = master_of(-420, 1);
  memset(out, 0xAA, sizeof *out);
  code = ConvertToSidesTextFormat(sides, &out->text);
  int guard_intact = 1;
  for (int i = 0; i < GUARD; i++)
    guard_intact &= out->guard[i] == 0xAA;
  check("sides text: Par 420: NS 4S",
        code == RETURN_NO_FAULT && guard_intact && strcmp(out->text.parText[0], "Par 420: NS 4S") == 0);
  sides[1].contracts[0].level = 8;
  memset(out, 0xAA, sizeof *out);
  code = ConvertToSidesTextFormat(sides, &out->text);
  int all_intact = 1;
  for (size_t i = 0; i < sizeof *out; i++)
    all_intact &= ((unsigned char *)out)[i] == 0xAA;
  check("sides text: level 8 refused, nothing written",
        code == RETURN_UNKNOWN_FAULT && all_intact);
  memset(sides, 0x7f, sizeof sides);
  memset(out, 0xAA, sizeof *out);
  code = ConvertToSidesTextFormat(sides, &out->text);
  all_intact = 1;
  for (size_t i = 0; i < sizeof *out; i++)
    all_intact &= ((unsigned char *)out)[i] == 0xAA;
  check("sides text: every byte 0x7f refused, nothing written",
        code == RETURN_UNKNOWN_FAULT && all_intact);
  free(out);
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  const char *part = argc > 1 ? argv[1] : "";
  if (strcmp(part, "threads") == 0)
    threads_cases();
  else if (strcmp(part, "converters") == 0)
    converters_cases();
  else {
    fprintf(stderr, "usage: hardening threads | converters\n");
    return 2;
  }
  printf("%d wrong\n", failures);
  return failures ? 1 : 0;
}
