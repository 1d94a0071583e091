/*
 * errors: bad calls and the code each returns, a table of cases. Each case has DDS 2.9.0's
 * code (measured with Debian's libdds.so.0) or, where DDS does not check (a null pointer,
 * a fifth hand in a PBN string, a revoke...) and would crash, read out of bounds or answer
 * nonsense, the code ddsolve returns instead ("ours" cases).
 *
 * Usage: errors [dds]. With "dds", only the cases DDS handles run (to check the table
 * against DDS's library). Prints one line per case; exit status 1 if any code differs.
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

static const char *DEAL =
    "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

static int failures, dds_only;

static void check_code(const char *name, int want, int got) {
  char text[80];
  ErrorMessage(got, text);
  printf("%-48s %5d %s%s\n", name, got, text, got == want ? "" : "   <-- WRONG");
  if (got != want) {
    printf("    expected %d\n", want);
    failures++;
  }
}

/* A case: the call runs only if it is not an "ours" case skipped in "dds" mode (DDS
   crashes on some of them). */
#define EXPECT(name, ours_only, want, call)                                                 \
  do {                                                                                     \
    if (!((ours_only) && dds_only))                                                        \
      check_code(name, want, (call));                                                      \
  } while (0)

static int rank_of(char c) {
  const char *r = "23456789TJQKA";
  const char *p = strchr(r, c);
  return p ? (int)(p - r) + 2 : 0;
}

/* A PBN deal (North first) into binary holdings. */
static void to_bin(const char *pbn, unsigned int cards[4][4]) {
  int hand = 0, suit = 0;
  memset(cards, 0, 16 * sizeof(unsigned int));
  for (const char *p = pbn + 2; *p; p++) {
    if (*p == '.')
      suit++;
    else if (*p == ' ') {
      hand++;
      suit = 0;
    } else
      cards[hand][suit] |= 1u << rank_of(*p);
  }
}

static struct deal base_deal(void) {
  struct deal dl;
  memset(&dl, 0, sizeof dl);
  dl.trump = 4;
  dl.first = 0;
  to_bin(DEAL, dl.remainCards);
  return dl;
}

static struct dealPBN base_pbn(const char *cards) {
  struct dealPBN dl;
  memset(&dl, 0, sizeof dl);
  dl.trump = 4;
  dl.first = 0;
  strcpy(dl.remainCards, cards);
  return dl;
}

static int solve(struct deal dl, int target, int solutions, int mode, int thread) {
  struct futureTricks fut;
  return SolveBoard(dl, target, solutions, mode, &fut, thread);
}

static void solve_board_cases(void) {
  struct deal dl = base_deal();
  EXPECT("SolveBoard: a good deal", 0, RETURN_NO_FAULT, solve(dl, -1, 1, 1, 0));
  EXPECT("SolveBoard: target -2", 0, RETURN_TARGET_WRONG_LO, solve(dl, -2, 1, 1, 0));
  EXPECT("SolveBoard: target 14", 0, RETURN_TARGET_WRONG_HI, solve(dl, 14, 1, 1, 0));
  EXPECT("SolveBoard: solutions 0", 0, RETURN_SOLNS_WRONG_LO, solve(dl, -1, 0, 1, 0));
  EXPECT("SolveBoard: solutions 4", 0, RETURN_SOLNS_WRONG_HI, solve(dl, -1, 4, 1, 0));
  EXPECT("SolveBoard: mode -1", 0, RETURN_MODE_WRONG_LO, solve(dl, -1, 1, -1, 0));
  EXPECT("SolveBoard: mode 3", 0, RETURN_MODE_WRONG_HI, solve(dl, -1, 1, 3, 0));
  EXPECT("SolveBoard: thread index -1", 0, RETURN_THREAD_INDEX, solve(dl, -1, 1, 1, -1));
  EXPECT("SolveBoard: thread index 100000", 0, RETURN_THREAD_INDEX,
         solve(dl, -1, 1, 1, 100000));

  struct deal d = dl;
  d.trump = 5;
  EXPECT("SolveBoard: trump 5", 0, RETURN_TRUMP_WRONG, solve(d, -1, 1, 1, 0));
  d = dl;
  d.trump = -1;
  EXPECT("SolveBoard: trump -1", 0, RETURN_TRUMP_WRONG, solve(d, -1, 1, 1, 0));
  d = dl;
  d.first = 4;
  EXPECT("SolveBoard: first 4 (a fifth seat)", 0, RETURN_FIRST_WRONG, solve(d, -1, 1, 1, 0));

  d = dl;
  d.currentTrickRank[0] = 15;
  d.currentTrickSuit[0] = 0;
  EXPECT("SolveBoard: current trick rank 15", 0, RETURN_SUIT_OR_RANK, solve(d, -1, 1, 1, 0));
  d = dl;
  d.currentTrickRank[0] = 5;
  d.currentTrickSuit[0] = 4;
  EXPECT("SolveBoard: current trick suit 4", 0, RETURN_SUIT_OR_RANK, solve(d, -1, 1, 1, 0));
  d = dl;
  d.currentTrickRank[1] = 5;
  EXPECT("SolveBoard: second trick card without a first", 0, RETURN_SUIT_OR_RANK,
         solve(d, -1, 1, 1, 0));
  d = dl;
  d.remainCards[0][0] |= 0x8000;
  EXPECT("SolveBoard: holding bit above the ace", 0, RETURN_SUIT_OR_RANK,
         solve(d, -1, 1, 1, 0));
  d = dl;
  d.remainCards[0][0] = 0x0001;
  EXPECT("SolveBoard: holding with no rank bits", 0, RETURN_SUIT_OR_RANK,
         solve(d, -1, 1, 1, 0));

  d = dl;
  memset(d.remainCards, 0, sizeof d.remainCards);
  EXPECT("SolveBoard: zero cards", 0, RETURN_ZERO_CARDS, solve(d, -1, 1, 1, 0));

  /* North takes East's club queen: 14 cards against 12 (52 in all). */
  d = dl;
  d.remainCards[1][3] &= ~(1u << 12);
  d.remainCards[0][3] |= 1u << 12;
  EXPECT("SolveBoard: a 14-card hand", 0, RETURN_CARD_COUNT, solve(d, -1, 1, 1, 0));
  /* North also holds East's club queen: 53 cards. */
  d = dl;
  d.remainCards[0][3] |= 1u << 12;
  EXPECT("SolveBoard: 53 cards", 0, RETURN_TOO_MANY_CARDS, solve(d, -1, 1, 1, 0));
  /* East holds North's spade queen instead of its own spade 3: the queen twice. */
  d = dl;
  d.remainCards[1][0] &= ~(1u << 3);
  d.remainCards[1][0] |= 1u << 12;
  EXPECT("SolveBoard: a card held twice", 0, RETURN_DUPLICATE_CARDS, solve(d, -1, 1, 1, 0));

  /* Twelve cards each: at most 12 tricks. */
  d = dl;
  for (int h = 0; h < 4; h++)
    for (int s = 0; s < 4; s++)
      if (d.remainCards[h][s]) {
        d.remainCards[h][s] &= d.remainCards[h][s] - 1; /* drop the lowest card */
        break;
      }
  EXPECT("SolveBoard: target 13 with 12 tricks left", 0, RETURN_TARGET_TOO_HIGH,
         solve(d, 13, 1, 1, 0));

  /* North has led the spade queen (gone from its hand); the trick says East's spade 8,
     which East still holds. */
  d = dl;
  d.remainCards[0][0] &= ~(1u << 12);
  d.currentTrickSuit[0] = 0;
  d.currentTrickRank[0] = 8;
  EXPECT("SolveBoard: played card still held", 0, RETURN_PLAYED_CARD, solve(d, -1, 1, 1, 0));

  /* North leads the spade queen, East (who holds spades) plays the heart 7: a revoke.
     DDS does not check it (and crashes in its search); ddsolve refuses it. */
  d = dl;
  d.remainCards[0][0] &= ~(1u << 12);
  d.remainCards[1][1] &= ~(1u << 7);
  d.currentTrickSuit[0] = 0;
  d.currentTrickRank[0] = 12;
  d.currentTrickSuit[1] = 1;
  d.currentTrickRank[1] = 7;
  EXPECT("SolveBoard: a revoke in the current trick (ours)", 1, RETURN_SUIT_OR_RANK,
         solve(d, -1, 1, 1, 0));

  EXPECT("SolveBoard: futp null (ours)", 1, RETURN_UNKNOWN_FAULT,
         SolveBoard(dl, -1, 1, 1, NULL, 0));

  struct futureTricks fut;
  EXPECT("SolveBoardPBN: a good deal", 0, RETURN_NO_FAULT,
         SolveBoardPBN(base_pbn(DEAL), -1, 3, 1, &fut, 0));
  EXPECT("SolveBoardPBN: no seat letter", 0, RETURN_PBN_FAULT,
         SolveBoardPBN(base_pbn("X:AKQ..."), -1, 1, 1, &fut, 0));
  EXPECT("SolveBoardPBN: five hands (ours)", 1, RETURN_PBN_FAULT,
         SolveBoardPBN(base_pbn("N:A... K... Q... J... T..."), -1, 1, 1, &fut, 0));
  EXPECT("SolveBoardPBN: a card held twice", 0, RETURN_DUPLICATE_CARDS,
         SolveBoardPBN(base_pbn("N:A... A... Q... J..."), -1, 1, 1, &fut, 0));
}

static void table_cases(void) {
  struct ddTableDealPBN t;
  struct ddTableResults res;
  strcpy(t.cards, DEAL);
  EXPECT("CalcDDtablePBN: a good deal", 0, RETURN_NO_FAULT, CalcDDtablePBN(t, &res));
  strcpy(t.cards, "N:QJ6.K652.J85.T98Q 873.J97.AT764.4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3");
  EXPECT("CalcDDtablePBN: a 14-card hand", 0, RETURN_CARD_COUNT, CalcDDtablePBN(t, &res));
  strcpy(t.cards, "Q:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3");
  EXPECT("CalcDDtablePBN: bad PBN", 0, RETURN_PBN_FAULT, CalcDDtablePBN(t, &res));
  strcpy(t.cards, DEAL);
  EXPECT("CalcDDtablePBN: tablep null (ours)", 1, RETURN_UNKNOWN_FAULT,
         CalcDDtablePBN(t, NULL));

  struct ddTableDeal bin;
  to_bin(DEAL, bin.cards);
  bin.cards[2][0] |= 1u << 12; /* South also holds the spade queen */
  bin.cards[2][0] &= ~(1u << 5); /* in place of its spade 5 */
  EXPECT("CalcDDtable: a card held twice", 0, RETURN_DUPLICATE_CARDS, CalcDDtable(bin, &res));

  static struct ddTableDealsPBN deals;
  static struct ddTablesRes tres;
  static struct allParResults pres;
  int all[5] = {0, 0, 0, 0, 0}, none[5] = {1, 1, 1, 1, 1}, nt_only[5] = {1, 1, 1, 1, 0};
  deals.noOfTables = 1;
  strcpy(deals.deals[0].cards, DEAL);
  EXPECT("CalcAllTablesPBN: no strain in the filter", 0, RETURN_NO_SUIT,
         CalcAllTablesPBN(&deals, -1, none, &tres, &pres));
  EXPECT("CalcAllTablesPBN: one table, notrump only", 0, RETURN_NO_FAULT,
         CalcAllTablesPBN(&deals, 0, nt_only, &tres, &pres));
  deals.noOfTables = MAXNOOFTABLES + 1;
  for (int i = 0; i < deals.noOfTables; i++)
    strcpy(deals.deals[i].cards, DEAL);
  EXPECT("CalcAllTablesPBN: 41 tables of 5 strains", 0, RETURN_TOO_MANY_TABLES,
         CalcAllTablesPBN(&deals, -1, all, &tres, &pres));
  deals.noOfTables = 1;
  strcpy(deals.deals[0].cards, "N:AKQ");
  EXPECT("CalcAllTablesPBN: a deal of 3 cards (ours)", 1, RETURN_CARD_COUNT,
         CalcAllTablesPBN(&deals, -1, all, &tres, &pres));
  EXPECT("CalcAllTablesPBN: filter null (ours)", 1, RETURN_UNKNOWN_FAULT,
         CalcAllTablesPBN(&deals, -1, NULL, &tres, &pres));
}

static void batch_cases(void) {
  static struct boardsPBN bo;
  static struct solvedBoards solved;
  bo.noOfBoards = 2;
  for (int i = 0; i < 2; i++) {
    bo.deals[i] = base_pbn(DEAL);
    bo.deals[i].first = i; /* two different boards: DDS solves a repeated board once */
    bo.target[i] = -1;
    bo.solutions[i] = 1;
    bo.mode[i] = 1;
  }
  EXPECT("SolveAllChunksPBN: two good boards", 0, RETURN_NO_FAULT,
         SolveAllChunksPBN(&bo, &solved, 1));
  EXPECT("SolveAllChunksPBN: chunk size 0", 0, RETURN_CHUNK_SIZE,
         SolveAllChunksPBN(&bo, &solved, 0));
  bo.target[1] = 14;
  EXPECT("SolveAllChunksPBN: one board's target 14", 0, RETURN_TARGET_WRONG_HI,
         SolveAllChunksPBN(&bo, &solved, 1));
  bo.target[1] = -1;
  bo.noOfBoards = MAXNOOFBOARDS + 1;
  EXPECT("SolveAllChunksPBN: 201 boards", 0, RETURN_TOO_MANY_BOARDS,
         SolveAllChunksPBN(&bo, &solved, 1));
  bo.noOfBoards = 1;
  strcpy(bo.deals[0].remainCards, "Z");
  EXPECT("SolveAllBoards: bad PBN", 0, RETURN_PBN_FAULT, SolveAllBoards(&bo, &solved));
  EXPECT("SolveAllChunksPBN: solvedp null (ours)", 1, RETURN_UNKNOWN_FAULT,
         SolveAllChunksPBN(&bo, NULL, 1));
}

static void play_cases(void) {
  struct playTracePBN play;
  struct solvedPlay sp;
  memset(&play, 0, sizeof play);
  play.number = 2;
  strcpy(play.cards, "C2C4"); /* North leads; the club 2 is South's */
  EXPECT("AnalysePlayPBN: a card the hand does not hold", 0, RETURN_PLAY_FAULT,
         AnalysePlayPBN(base_pbn(DEAL), play, &sp, 0));
  play.number = 1;
  strcpy(play.cards, "X9");
  EXPECT("AnalysePlayPBN: a card that is not a card", 0, RETURN_PLAY_FAULT,
         AnalysePlayPBN(base_pbn(DEAL), play, &sp, 0));
  play.number = 53;
  EXPECT("AnalysePlayPBN: 53 cards", 0, RETURN_PLAY_FAULT,
         AnalysePlayPBN(base_pbn(DEAL), play, &sp, 0));
  play.number = 1;
  strcpy(play.cards, "S6");
  EXPECT("AnalysePlayPBN: a good play", 0, RETURN_NO_FAULT,
         AnalysePlayPBN(base_pbn(DEAL), play, &sp, 0));
  EXPECT("AnalysePlayPBN: thread index -1", 0, RETURN_THREAD_INDEX,
         AnalysePlayPBN(base_pbn(DEAL), play, &sp, -1));
  struct dealPBN seventh = base_pbn(DEAL);
  seventh.first = 7;
  EXPECT("AnalysePlayPBN: first 7 (SolveBoard's checks)", 0, RETURN_FIRST_WRONG,
         AnalysePlayPBN(seventh, play, &sp, 0));

  static struct boardsPBN bo;
  static struct playTracesPBN plays;
  static struct solvedPlays solved;
  bo.noOfBoards = 1;
  bo.deals[0] = base_pbn(DEAL);
  plays.noOfBoards = 2;
  plays.plays[0] = play;
  plays.plays[1] = play;
  EXPECT("AnalyseAllPlaysPBN: 1 board, 2 plays", 0, RETURN_UNKNOWN_FAULT,
         AnalyseAllPlaysPBN(&bo, &plays, &solved, 1));
  bo.noOfBoards = MAXNOOFBOARDS + 1;
  EXPECT("AnalyseAllPlaysPBN: 201 boards", 0, RETURN_TOO_MANY_BOARDS,
         AnalyseAllPlaysPBN(&bo, &plays, &solved, 1));
  bo.noOfBoards = 1;
  plays.noOfBoards = 1;
  EXPECT("AnalyseAllPlaysPBN: one good play", 0, RETURN_NO_FAULT,
         AnalyseAllPlaysPBN(&bo, &plays, &solved, 1));
  EXPECT("AnalyseAllPlaysPBN: plp null (ours)", 1, RETURN_UNKNOWN_FAULT,
         AnalyseAllPlaysPBN(&bo, NULL, &solved, 1));
}

static void par_cases(void) {
  struct ddTableResults table;
  struct parResults par;
  struct parResultsDealer dealer, sides[2];
  struct parResultsMaster master, smaster[2];
  struct ddTableDealPBN t;
  strcpy(t.cards, DEAL);
  EXPECT("CalcParPBN: a good deal", 0, RETURN_NO_FAULT, CalcParPBN(t, &table, 0, &par));
  EXPECT("Par: a good table", 0, RETURN_NO_FAULT, Par(&table, &par, 1));
  EXPECT("DealerPar: a good table", 0, RETURN_NO_FAULT, DealerPar(&table, &dealer, 3, 2));
  EXPECT("DealerParBin: a good table", 0, RETURN_NO_FAULT,
         DealerParBin(&table, &master, 1, 3));
  EXPECT("SidesPar: a good table", 0, RETURN_NO_FAULT, SidesPar(&table, sides, 0));
  EXPECT("SidesParBin: a good table", 0, RETURN_NO_FAULT, SidesParBin(&table, smaster, 0));
  EXPECT("Par: vulnerability 7 (ours)", 1, RETURN_UNKNOWN_FAULT, Par(&table, &par, 7));
  EXPECT("DealerPar: dealer 4 (ours)", 1, RETURN_UNKNOWN_FAULT,
         DealerPar(&table, &dealer, 4, 0));
  EXPECT("Par: tablep null (ours)", 1, RETURN_UNKNOWN_FAULT, Par(NULL, &par, 0));
  struct ddTableResults bad = table;
  bad.resTable[0][0] = 14;
  EXPECT("Par: 14 tricks in a table (ours)", 1, RETURN_UNKNOWN_FAULT, Par(&bad, &par, 0));
  master.contracts[0].seats = 9;
  EXPECT("ConvertToDealerTextFormat: seats 9", 0, RETURN_UNKNOWN_FAULT,
         ConvertToDealerTextFormat(&master, (char[256]){0}));
}

static void other_cases(void) {
  char line[80];
  ErrorMessage(RETURN_DUPLICATE_CARDS, line);
  EXPECT("ErrorMessage: the text of -4", 0, 0, strcmp(line, TEXT_DUPLICATE_CARDS));
  ErrorMessage(RETURN_CHUNK_SIZE, line);
  EXPECT("ErrorMessage: the text of -301", 0, 0, strcmp(line, TEXT_CHUNK_SIZE));
  ErrorMessage(12345, line);
  EXPECT("ErrorMessage: an unknown code", 0, 0, strcmp(line, "Not a DDS error code"));
  struct DDSInfo info;
  GetDDSInfo(&info);
  EXPECT("GetDDSInfo: major version 2", 0, 2, info.major);
  EXPECT("GetDDSInfo: minor version 9", 0, 9, info.minor);
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  dds_only = argc > 1 && strcmp(argv[1], "dds") == 0;
  SetMaxThreads(0);
  solve_board_cases();
  table_cases();
  batch_cases();
  play_cases();
  par_cases();
  other_cases();
  printf("%d wrong\n", failures);
  return failures ? 1 : 0;
}
