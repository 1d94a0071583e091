/*
 * Opening leads valued per sample through DDS's C API: for each deal of a file (PBN, one a
 * line: the samples of `ddsolve lead --save-samples`, their "deal" fields), SolveBoardPBN
 * with target -1, solutions 3 (every card with its value) and mode 1, on threads that each
 * keep their threadIndex from deal to deal (as a program valuing leads on a kept solver
 * does). Built against DDS's dll.h and run with either library (LD_LIBRARY_PATH): prints one
 * line per deal (the leader's cards with the defence's tricks, in DDS's order) on stdout and
 * the time and nodes on stderr.
 *
 * Usage: lead-solveboard FILE TRUMP LEADER THREADS
 *   TRUMP 0-4 (spades, hearts, diamonds, clubs, notrump), LEADER 0-3 (north..west).
 */
#include <dds/dll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_DEALS 100000

static char deals[MAX_DEALS][80];
static char results[MAX_DEALS][200];
static long long nodes[MAX_DEALS];
static int ndeals, trump, leader, nthreads;

static void *work(void *arg)
{
    int t = (int)(long)arg;
    for (int i = t; i < ndeals; i += nthreads) {
        struct dealPBN dl;
        struct futureTricks fut;
        memset(&dl, 0, sizeof dl);
        dl.trump = trump;
        dl.first = leader;
        strncpy(dl.remainCards, deals[i], sizeof dl.remainCards - 1);
        int rc = SolveBoardPBN(dl, -1, 3, 1, &fut, t);
        if (rc != RETURN_NO_FAULT) {
            char msg[80];
            ErrorMessage(rc, msg);
            fprintf(stderr, "deal %d: %s\n", i + 1, msg);
            exit(1);
        }
        nodes[i] = fut.nodes;
        char *p = results[i];
        for (int k = 0; k < fut.cards; k++) {
            p += sprintf(p, "%c%c:%d ", "SHDC"[fut.suit[k]], "0123456789TJQKA"[fut.rank[k]],
                         fut.score[k]);
        }
    }
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: %s FILE TRUMP LEADER THREADS\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    trump = atoi(argv[2]);
    leader = atoi(argv[3]);
    nthreads = atoi(argv[4]);
    char line[4096];
    while (ndeals < MAX_DEALS && fgets(line, sizeof line, f)) {
        /* Either a bare PBN deal or a JSON line with a "deal" field. */
        char *s = strstr(line, "\"deal\":\"");
        s = s ? s + 8 : line;
        size_t n = strcspn(s, "\"\n");
        if (n == 0 || n >= 80)
            continue;
        memcpy(deals[ndeals], s, n);
        deals[ndeals][n] = 0;
        ndeals++;
    }
    fclose(f);
    SetMaxThreads(nthreads);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    pthread_t th[64];
    for (int t = 0; t < nthreads; t++)
        pthread_create(&th[t], NULL, work, (void *)(long)t);
    for (int t = 0; t < nthreads; t++)
        pthread_join(th[t], NULL);
    clock_gettime(CLOCK_MONOTONIC, &b);
    long long total = 0;
    for (int i = 0; i < ndeals; i++) {
        printf("%d %s\n", i + 1, results[i]);
        total += nodes[i];
    }
    fprintf(stderr, "time %.3f s, %d deals, %d threads, nodes %lld\n",
            (double)(b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9, ndeals, nthreads,
            total);
    return 0;
}
