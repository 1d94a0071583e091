/*
 * regress: runs a DDS regression file (list100.txt, list1000.txt) through a libdds in one
 * of six modes and prints one line per entry, prefixed with the entry's number (from 1):
 *
 *   solve      SolveAllChunksPBN, every lead's value (target -1, solutions 3, mode 1):
 *              "FUT n suits.. ranks.. equals.. scores.." (cards sorted: score, suit, rank)
 *   table      CalcAllTablesPBN, 40 tables a call: "TABLE" and the 20 numbers, file order
 *   par        Par on those tables (CalcAllTablesPBN's own par, checked the same on the
 *              first 10 tables of each vulnerability):
 *              PAR "NS .." "EW .." "NS:.." "EW:.."
 *   dealerpar  DealerPar: PAR2 "score" "contract"...
 *   sidespar   DealerPar for each dealer (DP0..DP3), SidesPar (SIDES) and SidesParBin as
 *              text (SIDESTEXT)
 *   play       AnalyseAllPlaysPBN of the PLAY lines: "TRACE n values.."
 *   all        every mode above, the tables computed once, each phase timed on stderr
 *
 * Usage: regress MODE FILE [THREADS]. The time spent in the library's batch calls goes to
 * stderr ("calls: S.sss s"). Exit status 1 on a library error or an inconsistency.
 * It is built against dll.h (DDS's or ddsolve's) and linked with either libdds.
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
#include <sys/resource.h>
#include <time.h>

#define MAX_ENTRIES 2000

struct entry {
  int dealer, vul, trump, first;
  char pbn[80];
  int has_play;
  int play_n;
  char play[106];
};

static struct entry entries[MAX_ENTRIES];
static int n_entries;
static struct ddTableResults tables[MAX_ENTRIES];
static double call_seconds;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* CPU time of the process, all threads (user + system). */
static double cpu_now(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec +
         ru.ru_stime.tv_usec / 1e6;
}

/* Times one phase of the run (to stderr: "time table: 12.345 s wall, 24.567 s cpu"). */
static double phase_wall, phase_cpu;
static void phase_start(void) {
  phase_wall = now();
  phase_cpu = cpu_now();
}
static void phase_end(const char *name) {
  fprintf(stderr, "time %s: %.3f s wall, %.3f s cpu\n", name, now() - phase_wall,
          cpu_now() - phase_cpu);
}

static void fail(const char *what, int code) {
  char line[80];
  ErrorMessage(code, line);
  fprintf(stderr, "regress: %s failed: %d (%s)\n", what, code, line);
  exit(1);
}

static void read_file(const char *path) {
  FILE *f = fopen(path, "r");
  char line[512];
  if (!f) {
    perror(path);
    exit(1);
  }
  while (fgets(line, sizeof line, f)) {
    struct entry *e;
    if (strncmp(line, "PBN ", 4) == 0) {
      if (n_entries == MAX_ENTRIES) {
        fprintf(stderr, "regress: too many entries\n");
        exit(1);
      }
      e = &entries[n_entries++];
      memset(e, 0, sizeof *e);
      if (sscanf(line, "PBN %d %d %d %d \"%79[^\"]\"", &e->dealer, &e->vul, &e->trump,
                 &e->first, e->pbn) != 5) {
        fprintf(stderr, "regress: bad line: %s", line);
        exit(1);
      }
    } else if (strncmp(line, "PLAY ", 5) == 0 && n_entries > 0) {
      e = &entries[n_entries - 1];
      if (sscanf(line, "PLAY %d \"%105[^\"]\"", &e->play_n, e->play) != 2) {
        fprintf(stderr, "regress: bad line: %s", line);
        exit(1);
      }
      e->has_play = 1;
    }
  }
  fclose(f);
}

static void compute_tables(void) {
  static struct ddTableDealsPBN deals;
  static struct ddTablesRes res;
  static struct allParResults pres;
  int filter[DDS_STRAINS] = {0, 0, 0, 0, 0};
  for (int start = 0; start < n_entries; start += MAXNOOFTABLES) {
    int n = n_entries - start < MAXNOOFTABLES ? n_entries - start : MAXNOOFTABLES;
    deals.noOfTables = n;
    for (int i = 0; i < n; i++)
      strcpy(deals.deals[i].cards, entries[start + i].pbn);
    double t0 = now();
    int r = CalcAllTablesPBN(&deals, -1, filter, &res, &pres);
    call_seconds += now() - t0;
    if (r != RETURN_NO_FAULT)
      fail("CalcAllTablesPBN", r);
    if (res.noOfBoards != 4 * DDS_STRAINS * n) {
      fprintf(stderr, "regress: CalcAllTablesPBN noOfBoards %d\n", res.noOfBoards);
      exit(1);
    }
    for (int i = 0; i < n; i++)
      tables[start + i] = res.results[i];
  }
}

static void print_table(int i) {
  printf("%d TABLE", i + 1);
  for (int s = 0; s < DDS_STRAINS; s++)
    for (int h = 0; h < DDS_HANDS; h++)
      printf(" %d", tables[i].resTable[s][h]);
  printf("\n");
}

static void mode_solve(void) {
  static struct boardsPBN bo;
  static struct solvedBoards solved;
  for (int start = 0; start < n_entries; start += MAXNOOFBOARDS) {
    int n = n_entries - start < MAXNOOFBOARDS ? n_entries - start : MAXNOOFBOARDS;
    bo.noOfBoards = n;
    for (int i = 0; i < n; i++) {
      struct entry *e = &entries[start + i];
      memset(&bo.deals[i], 0, sizeof bo.deals[i]);
      bo.deals[i].trump = e->trump;
      bo.deals[i].first = e->first;
      strcpy(bo.deals[i].remainCards, e->pbn);
      bo.target[i] = -1;
      bo.solutions[i] = 3;
      bo.mode[i] = 1;
    }
    double t0 = now();
    int r = SolveAllChunksPBN(&bo, &solved, 1);
    call_seconds += now() - t0;
    if (r != RETURN_NO_FAULT)
      fail("SolveAllChunksPBN", r);
    for (int i = 0; i < n; i++) {
      struct futureTricks *f = &solved.solvedBoard[i];
      int order[13];
      for (int k = 0; k < f->cards; k++)
        order[k] = k;
      /* Insertion sort: score high first, then suit, then rank high first. */
      for (int a = 1; a < f->cards; a++) {
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
      printf("%d FUT %d", start + i + 1, f->cards);
      for (int k = 0; k < f->cards; k++) printf(" %d", f->suit[order[k]]);
      for (int k = 0; k < f->cards; k++) printf(" %d", f->rank[order[k]]);
      for (int k = 0; k < f->cards; k++) printf(" %d", f->equals[order[k]]);
      for (int k = 0; k < f->cards; k++) printf(" %d", f->score[order[k]]);
      printf("\n");
    }
  }
}

static void mode_par(void) {
  /* Par of each table, and CalcAllTablesPBN's par option on groups of one vulnerability,
     which must agree. */
  static struct ddTableDealsPBN deals;
  static struct ddTablesRes res;
  static struct allParResults pres;
  static struct parResults by_par[MAX_ENTRIES];
  int filter[DDS_STRAINS] = {0, 0, 0, 0, 0};
  for (int i = 0; i < n_entries; i++) {
    int r = Par(&tables[i], &by_par[i], entries[i].vul);
    if (r != RETURN_NO_FAULT)
      fail("Par", r);
  }
  /* The par option is checked on the first (up to) 10 tables of each vulnerability:
     enough to exercise it without solving every table twice. */
  for (int vul = 0; vul < 4; vul++) {
    int idx[10], n = 0;
    for (int i = 0; i < n_entries && n < 10; i++) {
      if (entries[i].vul == vul) {
        idx[n] = i;
        strcpy(deals.deals[n].cards, entries[i].pbn);
        n++;
      }
    }
    if (n == 0)
      continue;
    deals.noOfTables = n;
    int r = CalcAllTablesPBN(&deals, vul, filter, &res, &pres);
    if (r != RETURN_NO_FAULT)
      fail("CalcAllTablesPBN with par", r);
    for (int k = 0; k < n; k++) {
      struct parResults *a = &pres.presults[k], *b = &by_par[idx[k]];
      if (strcmp(a->parScore[0], b->parScore[0]) || strcmp(a->parScore[1], b->parScore[1]) ||
          strcmp(a->parContractsString[0], b->parContractsString[0]) ||
          strcmp(a->parContractsString[1], b->parContractsString[1])) {
        fprintf(stderr, "regress: entry %d: CalcAllTablesPBN's par differs from Par's\n",
                idx[k] + 1);
        exit(1);
      }
    }
  }
  for (int i = 0; i < n_entries; i++) {
    struct parResults *p = &by_par[i];
    printf("%d PAR \"%s\" \"%s\" \"%s\" \"%s\"\n", i + 1, p->parScore[0], p->parScore[1],
           p->parContractsString[0], p->parContractsString[1]);
  }
}

static void print_dealer(int i, const char *tag, struct parResultsDealer *p) {
  printf("%d %s \"%d\"", i + 1, tag, p->score);
  for (int k = 0; k < p->number && k < 10; k++)
    printf(" \"%s\"", p->contracts[k]);
  printf("\n");
}

static void mode_dealerpar(void) {
  for (int i = 0; i < n_entries; i++) {
    struct parResultsDealer p;
    int r = DealerPar(&tables[i], &p, entries[i].dealer, entries[i].vul);
    if (r != RETURN_NO_FAULT)
      fail("DealerPar", r);
    print_dealer(i, "PAR2", &p);
  }
}

static void mode_sidespar(void) {
  for (int i = 0; i < n_entries; i++) {
    struct parResultsDealer dp, sides[2];
    struct parResultsMaster master[2];
    struct parTextResults text;
    char tag[8];
    for (int d = 0; d < 4; d++) {
      int r = DealerPar(&tables[i], &dp, d, entries[i].vul);
      if (r != RETURN_NO_FAULT)
        fail("DealerPar", r);
      sprintf(tag, "DP%d", d);
      print_dealer(i, tag, &dp);
    }
    int r = SidesPar(&tables[i], sides, entries[i].vul);
    if (r != RETURN_NO_FAULT)
      fail("SidesPar", r);
    print_dealer(i, "SIDES0", &sides[0]);
    print_dealer(i, "SIDES1", &sides[1]);
    memset(master, 0, sizeof master);
    r = SidesParBin(&tables[i], master, entries[i].vul);
    if (r != RETURN_NO_FAULT)
      fail("SidesParBin", r);
    memset(&text, 0, sizeof text);
    r = ConvertToSidesTextFormat(master, &text);
    if (r != RETURN_NO_FAULT)
      fail("ConvertToSidesTextFormat", r);
    printf("%d SIDESTEXT \"%s\" \"%s\" %d\n", i + 1, text.parText[0], text.parText[1],
           text.equal ? 1 : 0);
  }
}

static void mode_play(void) {
  static struct boardsPBN bo;
  static struct playTracesPBN plays;
  static struct solvedPlays solved;
  int idx[MAXNOOFBOARDS], n = 0;
  for (int i = 0; i <= n_entries; i++) {
    if (i < n_entries && entries[i].has_play) {
      struct entry *e = &entries[i];
      memset(&bo.deals[n], 0, sizeof bo.deals[n]);
      bo.deals[n].trump = e->trump;
      bo.deals[n].first = e->first;
      strcpy(bo.deals[n].remainCards, e->pbn);
      bo.target[n] = 0;
      bo.solutions[n] = 1;
      bo.mode[n] = 0;
      memset(&plays.plays[n], 0, sizeof plays.plays[n]);
      plays.plays[n].number = e->play_n;
      strcpy(plays.plays[n].cards, e->play);
      idx[n++] = i;
    }
    if (n == MAXNOOFBOARDS || (i == n_entries && n > 0)) {
      bo.noOfBoards = n;
      plays.noOfBoards = n;
      double t0 = now();
      int r = AnalyseAllPlaysPBN(&bo, &plays, &solved, 1);
      call_seconds += now() - t0;
      if (r != RETURN_NO_FAULT)
        fail("AnalyseAllPlaysPBN", r);
      for (int k = 0; k < n; k++) {
        struct solvedPlay *s = &solved.solved[k];
        printf("%d TRACE %d", idx[k] + 1, s->number);
        for (int j = 0; j < s->number; j++)
          printf(" %d", s->tricks[j]);
        printf("\n");
      }
      n = 0;
    }
  }
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: regress solve|table|par|dealerpar|sidespar|play|all FILE [THREADS]\n");
    return 2;
  }
  const char *mode = argv[1];
  if (argc > 3)
    SetMaxThreads(atoi(argv[3]));
  read_file(argv[2]);
  if (strcmp(mode, "all") == 0) {
    phase_start();
    mode_solve();
    phase_end("solve");
    phase_start();
    compute_tables();
    phase_end("table");
    for (int i = 0; i < n_entries; i++)
      print_table(i);
    phase_start();
    mode_par();
    phase_end("par");
    phase_start();
    mode_dealerpar();
    phase_end("dealerpar");
    phase_start();
    mode_sidespar();
    phase_end("sidespar");
    phase_start();
    mode_play();
    phase_end("play");
  } else if (strcmp(mode, "solve") == 0) {
    mode_solve();
  } else if (strcmp(mode, "play") == 0) {
    mode_play();
  } else {
    compute_tables();
    if (strcmp(mode, "table") == 0) {
      for (int i = 0; i < n_entries; i++)
        print_table(i);
    } else if (strcmp(mode, "par") == 0) {
      mode_par();
    } else if (strcmp(mode, "dealerpar") == 0) {
      mode_dealerpar();
    } else if (strcmp(mode, "sidespar") == 0) {
      mode_sidespar();
    } else {
      fprintf(stderr, "regress: unknown mode %s\n", mode);
      return 2;
    }
  }
  fprintf(stderr, "calls: %.3f s\n", call_seconds);
  return 0;
}
