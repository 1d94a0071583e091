/*
 * dds_order: SolveBoardPBN's cards in order, with target -1 and mode 1, for solutions 1, 2
 * and 3, through whichever libdds the program loads.
 *
 *   dds_order file FILE   reads a DDS regression file (list100.txt, list1000.txt) and
 *                         compares each answer, in order, with the entry's FUT line (every
 *                         lead's value in DDS's order, from a solutions 3 call): solutions 3
 *                         must give the line itself; solutions 2 its cards of the best value
 *                         (every card when the best is 0); solutions 1 its first card. Prints
 *                         "DIFF s n" for each entry n that differs with solutions s, then
 *                         "AGREE s k of n" for each s.
 *   dds_order positions FILE
 *                         reads positions, one a line:
 *                           trump first played s1 r1 s2 r2 s3 r3 "remaining cards (PBN)"
 *                         (the first `played` pairs are the current trick's cards, the
 *                         leader's first) and prints each answer:
 *                           n s cards | suit rank equals score | ...
 *
 * The library's GetDDSInfo system line goes to stderr first ("library: ..."), so that a run
 * says which libdds answered (the tests run it on ours and, with LD_PRELOAD, on DDS's).
 * Exit status 1 on a library error or a bad input line.
 */
#include <dds/dll.h>
/* The tests say which header they mean to build against. */
#if defined(EXPECT_DDSOLVE_HEADER) && !defined(DDSOLVE_DLL_H)
#error "expected ddsolve's dll.h, found DDS's"
#endif
#if defined(EXPECT_DDS_HEADER) && defined(DDSOLVE_DLL_H)
#error "expected DDS's dll.h, found ddsolve's"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *what, int code) {
  char line[80];
  ErrorMessage(code, line);
  fprintf(stderr, "dds_order: %s failed: %d (%s)\n", what, code, line);
  exit(1);
}

static void solve(struct dealPBN *dl, int solutions, struct futureTricks *fut) {
  memset(fut, 0, sizeof *fut);
  int r = SolveBoardPBN(*dl, -1, solutions, 1, fut, 0);
  if (r != RETURN_NO_FAULT)
    fail("SolveBoardPBN", r);
}

static void print_library(void) {
  struct DDSInfo info;
  memset(&info, 0, sizeof info);
  GetDDSInfo(&info);
  const char *sys = info.systemString;
  const char *nl = strchr(sys, '\n');
  fprintf(stderr, "library: %.*s\n", nl ? (int)(nl - sys) : (int)strlen(sys), sys);
}

/* The FUT line's cards: n, then suits, ranks, equals and scores. */
struct fut_line {
  int n;
  int suit[13], rank[13], equals[13], score[13];
};

static int parse_fut(const char *line, struct fut_line *f) {
  const char *p = line + 4;
  int used;
  if (sscanf(p, "%d%n", &f->n, &used) != 1 || f->n < 1 || f->n > 13)
    return 0;
  p += used;
  int *cols[4] = {f->suit, f->rank, f->equals, f->score};
  for (int c = 0; c < 4; c++)
    for (int k = 0; k < f->n; k++) {
      if (sscanf(p, "%d%n", &cols[c][k], &used) != 1)
        return 0;
      p += used;
    }
  return 1;
}

/* Whether `fut` lists `want`'s first `n` cards, in order, and no other. */
static int same_cards(const struct futureTricks *fut, const struct fut_line *want, int n) {
  if (fut->cards != n)
    return 0;
  for (int k = 0; k < n; k++)
    if (fut->suit[k] != want->suit[k] || fut->rank[k] != want->rank[k] ||
        fut->equals[k] != want->equals[k] || fut->score[k] != want->score[k])
      return 0;
  return 1;
}

static void mode_file(const char *path) {
  FILE *f = fopen(path, "r");
  char line[512];
  struct dealPBN dl;
  int have_deal = 0, entry = 0, checked = 0, agree[4] = {0, 0, 0, 0};
  if (!f) {
    perror(path);
    exit(1);
  }
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, "PBN ", 4) == 0) {
      int dealer, vul;
      entry++;
      memset(&dl, 0, sizeof dl);
      if (sscanf(line, "PBN %d %d %d %d \"%79[^\"]\"", &dealer, &vul, &dl.trump, &dl.first,
                 dl.remainCards) != 5) {
        fprintf(stderr, "dds_order: %s: bad PBN line: %s", path, line);
        exit(1);
      }
      have_deal = 1;
    } else if (strncmp(line, "FUT ", 4) == 0 && have_deal) {
      struct fut_line want;
      struct futureTricks fut;
      if (!parse_fut(line, &want)) {
        fprintf(stderr, "dds_order: %s: bad FUT line: %s", path, line);
        exit(1);
      }
      int best = 0;
      while (best < want.n && want.score[best] == want.score[0])
        best++;
      if (want.score[0] == 0)
        best = want.n;
      int expect_cards[4] = {0, 1, best, want.n};
      checked++;
      for (int s = 1; s <= 3; s++) {
        solve(&dl, s, &fut);
        if (same_cards(&fut, &want, expect_cards[s]))
          agree[s]++;
        else
          printf("DIFF %d %d\n", s, entry);
      }
      have_deal = 0;
    }
  }
  fclose(f);
  for (int s = 1; s <= 3; s++)
    printf("AGREE %d %d of %d\n", s, agree[s], checked);
}

static void mode_positions(const char *path) {
  FILE *f = fopen(path, "r");
  char line[512];
  int n = 0;
  if (!f) {
    perror(path);
    exit(1);
  }
  while (fgets(line, sizeof line, f)) {
    struct dealPBN dl;
    int played, s[3], r[3];
    memset(&dl, 0, sizeof dl);
    if (sscanf(line, "%d %d %d %d %d %d %d %d %d \"%79[^\"]\"", &dl.trump, &dl.first, &played,
               &s[0], &r[0], &s[1], &r[1], &s[2], &r[2], dl.remainCards) != 10 ||
        played < 0 || played > 3) {
      fprintf(stderr, "dds_order: %s: bad position line: %s", path, line);
      exit(1);
    }
    for (int k = 0; k < played; k++) {
      dl.currentTrickSuit[k] = s[k];
      dl.currentTrickRank[k] = r[k];
    }
    n++;
    for (int sol = 1; sol <= 3; sol++) {
      struct futureTricks fut;
      solve(&dl, sol, &fut);
      printf("%d %d %d", n, sol, fut.cards);
      /* With solutions 1 and a best of 0 DDS fills every card's slot: print them all. */
      int shown = fut.cards;
      if (sol == 1 && fut.cards == 1 && fut.score[0] == 0)
        for (shown = 1; shown < 13 && fut.rank[shown] != 0; shown++)
          ;
      for (int k = 0; k < shown; k++)
        printf(" | %d %d %d %d", fut.suit[k], fut.rank[k], fut.equals[k], fut.score[k]);
      printf("\n");
    }
  }
  fclose(f);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: dds_order file|positions FILE\n");
    return 2;
  }
  print_library();
  if (strcmp(argv[1], "file") == 0)
    mode_file(argv[2]);
  else if (strcmp(argv[1], "positions") == 0)
    mode_positions(argv[2]);
  else {
    fprintf(stderr, "dds_order: unknown mode %s\n", argv[1]);
    return 2;
  }
  return 0;
}
