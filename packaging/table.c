/*
 * table: for each PBN deal on standard input (one a line), its double-dummy table
 * (CalcDDtablePBN: strains S H D C NT, declarers N E S W) and its par for dealer North, no
 * one vulnerable (DealerPar), one line a deal. Built against either dll.h (DDS's or
 * ddsolve's) and run on either libdds.so.0, it must print the same: packaging/deb-cycle.sh
 * compares the two libraries with it.
 *
 * Exit status 1 on a library error (with its message), 2 on a line too long.
 */
#include <dds/dll.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  char line[256];
  SetMaxThreads(0);
  while (fgets(line, sizeof line, stdin)) {
    size_t n = strcspn(line, "\r\n");
    if (line[n] == '\0' && n == sizeof line - 1) {
      fprintf(stderr, "table: a line longer than %zu bytes\n", sizeof line - 2);
      return 2;
    }
    line[n] = '\0';
    if (n == 0)
      continue;
    struct ddTableDealPBN deal;
    if (n >= sizeof deal.cards) {
      fprintf(stderr, "table: a deal longer than %zu bytes: %s\n", sizeof deal.cards - 1, line);
      return 2;
    }
    memcpy(deal.cards, line, n + 1);
    struct ddTableResults table;
    struct parResultsDealer par;
    char message[80];
    int rc = CalcDDtablePBN(deal, &table);
    if (rc == RETURN_NO_FAULT)
      rc = DealerPar(&table, &par, 0, 0);
    if (rc != RETURN_NO_FAULT) {
      ErrorMessage(rc, message);
      fprintf(stderr, "table: %s: %s\n", line, message);
      return 1;
    }
    for (int strain = 0; strain < DDS_STRAINS; strain++)
      for (int hand = 0; hand < DDS_HANDS; hand++)
        printf("%d ", table.resTable[strain][hand]);
    printf("par %d", par.score);
    for (int k = 0; k < par.number; k++)
      printf(" %s", par.contracts[k]);
    printf("\n");
  }
  return 0;
}
