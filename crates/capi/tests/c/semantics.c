/*
 * semantics: SolveBoard's target, solutions and mode on a few positions (the start of a
 * deal, mid-trick, a single card class to play, the last trick) and AnalysePlayBin on a
 * whole deal's play, printed canonically (cards sorted by score, suit, rank; nodes left
 * out), so that the output of DDS's library and ours can be compared line for line.
 *
 * Usage: semantics. Exit status 1 on a library error.
 */
#include <dds/dll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The tests say which header they mean to build against. */
#if defined(EXPECT_DDSOLVE_HEADER) && !defined(DDSOLVE_DLL_H)
#error "expected ddsolve's dll.h, found DDS's"
#endif
#if defined(EXPECT_DDS_HEADER) && defined(DDSOLVE_DLL_H)
#error "expected DDS's dll.h, found ddsolve's"
#endif

static void print_fut(const char *what, int target, int solutions, int mode,
                      struct futureTricks *f) {
  int order[13], n = f->cards > 0 ? f->cards : 0;
  for (int k = 0; k < n; k++)
    order[k] = k;
  for (int a = 1; a < n; a++) {
    int x = order[a], b = a;
    while (b > 0) {
      int y = order[b - 1];
      int before = f->score[x] > f->score[y] ||
                   (f->score[x] == f->score[y] &&
                    (f->suit[x] < f->suit[y] ||
                     (f->suit[x] == f->suit[y] && f->rank[x] > f->rank[y])));
      if (!before)
        break;
      order[b] = y;
      b--;
    }
    order[b] = x;
  }
  printf("%s t=%d s=%d m=%d: cards %d", what, target, solutions, mode, f->cards);
  if (n == 0)
    printf(" score0 %d", f->score[0]);
  for (int k = 0; k < n; k++) {
    int i = order[k];
    printf(" %c%d/%x:%d", "SHDC"[f->suit[i]], f->rank[i], (unsigned)f->equals[i], f->score[i]);
  }
  printf("\n");
}

static void solve_all_ways(const char *what, struct dealPBN dl) {
  int targets[] = {-1, 0, 1, 5, 7, 9};
  for (int ti = 0; ti < 6; ti++)
    for (int s = 1; s <= 3; s++)
      for (int m = 0; m <= 2; m++) {
        struct futureTricks f;
        memset(&f, 0, sizeof f);
        int r = SolveBoardPBN(dl, targets[ti], s, m, &f, 0);
        if (r == RETURN_TARGET_TOO_HIGH) {
          printf("%s t=%d s=%d m=%d: target too high\n", what, targets[ti], s, m);
          continue;
        }
        if (r != RETURN_NO_FAULT) {
          fprintf(stderr, "SolveBoardPBN %s failed: %d\n", what, r);
          exit(1);
        }
        print_fut(what, targets[ti], s, m, &f);
      }
}

static struct dealPBN make(int trump, int first, const char *cards) {
  struct dealPBN dl;
  memset(&dl, 0, sizeof dl);
  dl.trump = trump;
  dl.first = first;
  strcpy(dl.remainCards, cards);
  return dl;
}

int main(void) {
  const char *deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
  solve_all_ways("start-spades-N", make(0, 0, deal));
  solve_all_ways("start-nt-E", make(4, 1, deal));

  /* Mid-trick: North led the spade queen, East played the spade 3. */
  struct dealPBN mid = make(4, 0, "N:J6.K652.J85.T98 87.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3");
  mid.currentTrickSuit[0] = 0;
  mid.currentTrickRank[0] = 12;
  mid.currentTrickSuit[1] = 0;
  mid.currentTrickRank[1] = 3;
  solve_all_ways("mid-trick", mid);

  /* South holds only hearts to follow a heart lead: a single class (HT9). */
  struct dealPBN single = make(1, 3, "N:AK.2.. QJ.3.. .T9.. 2.A3..");
  single.trump = 4;
  solve_all_ways("two-cards", make(4, 3, "N:AK... QJ... .T9.. 32..."));
  struct dealPBN one_class = make(4, 0, "N:A.K.. Q.J.. .T9.. 2.3..");
  solve_all_ways("one-class-lead", one_class);
  (void)single;

  /* The last trick, from the lead and from mid-trick. */
  solve_all_ways("last-trick", make(2, 2, "N:A... K... .2.. ...2"));
  struct dealPBN last_mid = make(4, 0, "N:... K... .2.. ...2");
  last_mid.currentTrickSuit[0] = 0;
  last_mid.currentTrickRank[0] = 14;
  solve_all_ways("last-trick-mid", last_mid);

  /* A play analysed card by card, the whole deal (49 values). */
  struct playTracePBN play;
  struct solvedPlay solved;
  memset(&play, 0, sizeof play);
  strcpy(play.cards,
         "CTC4CACJH8H4HKH9D5DAD9D2S7S5S2SQD8D4DQD3H3HAH6H7C3C8CQC2S3SKSAS6HQH5HJHTCKC9D6C5S4SJS8C6DJ");
  play.number = 45;
  int r = AnalysePlayPBN(make(0, 0, deal), play, &solved, 0);
  if (r != RETURN_NO_FAULT) {
    fprintf(stderr, "AnalysePlayPBN failed: %d\n", r);
    return 1;
  }
  printf("play 45:");
  for (int i = 0; i < solved.number; i++)
    printf(" %d", solved.tricks[i]);
  printf("\n");
  play.number = 3;
  r = AnalysePlayPBN(make(4, 1, deal), play, &solved, 0);
  printf("play 3 (%d):", r);
  for (int i = 0; r == RETURN_NO_FAULT && i < solved.number; i++)
    printf(" %d", solved.tricks[i]);
  printf("\n");
  return 0;
}
