/*
 * layout: prints the size of every struct of dll.h and the offset and size of every field,
 * one per line ("futureTricks 224", "futureTricks.suit 8 52"), and the constants. Built
 * once against DDS's header and once against ddsolve's; the two outputs must be equal,
 * and equal to the Rust structs' (crates/capi/tests/layout.rs).
 */
#include <dds/dll.h>
/* The tests say which header they mean to build against. */
#if defined(EXPECT_DDSOLVE_HEADER) && !defined(DDSOLVE_DLL_H)
#error "expected ddsolve's dll.h, found DDS's"
#endif
#if defined(EXPECT_DDS_HEADER) && defined(DDSOLVE_DLL_H)
#error "expected DDS's dll.h, found ddsolve's"
#endif
#include <stddef.h>
#include <stdio.h>

#define SIZE(s) printf("%s %zu\n", #s, sizeof(struct s))
#define FIELD(s, f) printf("%s.%s %zu %zu\n", #s, #f, offsetof(struct s, f), sizeof(((struct s *)0)->f))
#define CONST(c) printf("%s %ld\n", #c, (long)(c))

int main(void) {
  SIZE(futureTricks);
  FIELD(futureTricks, nodes);
  FIELD(futureTricks, cards);
  FIELD(futureTricks, suit);
  FIELD(futureTricks, rank);
  FIELD(futureTricks, equals);
  FIELD(futureTricks, score);
  SIZE(deal);
  FIELD(deal, trump);
  FIELD(deal, first);
  FIELD(deal, currentTrickSuit);
  FIELD(deal, currentTrickRank);
  FIELD(deal, remainCards);
  SIZE(dealPBN);
  FIELD(dealPBN, trump);
  FIELD(dealPBN, first);
  FIELD(dealPBN, currentTrickSuit);
  FIELD(dealPBN, currentTrickRank);
  FIELD(dealPBN, remainCards);
  SIZE(boards);
  FIELD(boards, noOfBoards);
  FIELD(boards, deals);
  FIELD(boards, target);
  FIELD(boards, solutions);
  FIELD(boards, mode);
  SIZE(boardsPBN);
  FIELD(boardsPBN, noOfBoards);
  FIELD(boardsPBN, deals);
  FIELD(boardsPBN, target);
  FIELD(boardsPBN, solutions);
  FIELD(boardsPBN, mode);
  SIZE(solvedBoards);
  FIELD(solvedBoards, noOfBoards);
  FIELD(solvedBoards, solvedBoard);
  SIZE(ddTableDeal);
  FIELD(ddTableDeal, cards);
  SIZE(ddTableDeals);
  FIELD(ddTableDeals, noOfTables);
  FIELD(ddTableDeals, deals);
  SIZE(ddTableDealPBN);
  FIELD(ddTableDealPBN, cards);
  SIZE(ddTableDealsPBN);
  FIELD(ddTableDealsPBN, noOfTables);
  FIELD(ddTableDealsPBN, deals);
  SIZE(ddTableResults);
  FIELD(ddTableResults, resTable);
  SIZE(ddTablesRes);
  FIELD(ddTablesRes, noOfBoards);
  FIELD(ddTablesRes, results);
  SIZE(parResults);
  FIELD(parResults, parScore);
  FIELD(parResults, parContractsString);
  SIZE(allParResults);
  FIELD(allParResults, presults);
  SIZE(parResultsDealer);
  FIELD(parResultsDealer, number);
  FIELD(parResultsDealer, score);
  FIELD(parResultsDealer, contracts);
  SIZE(contractType);
  FIELD(contractType, underTricks);
  FIELD(contractType, overTricks);
  FIELD(contractType, level);
  FIELD(contractType, denom);
  FIELD(contractType, seats);
  SIZE(parResultsMaster);
  FIELD(parResultsMaster, score);
  FIELD(parResultsMaster, number);
  FIELD(parResultsMaster, contracts);
  SIZE(parTextResults);
  FIELD(parTextResults, parText);
  FIELD(parTextResults, equal);
  SIZE(playTraceBin);
  FIELD(playTraceBin, number);
  FIELD(playTraceBin, suit);
  FIELD(playTraceBin, rank);
  SIZE(playTracePBN);
  FIELD(playTracePBN, number);
  FIELD(playTracePBN, cards);
  SIZE(solvedPlay);
  FIELD(solvedPlay, number);
  FIELD(solvedPlay, tricks);
  SIZE(playTracesBin);
  FIELD(playTracesBin, noOfBoards);
  FIELD(playTracesBin, plays);
  SIZE(playTracesPBN);
  FIELD(playTracesPBN, noOfBoards);
  FIELD(playTracesPBN, plays);
  SIZE(solvedPlays);
  FIELD(solvedPlays, noOfBoards);
  FIELD(solvedPlays, solved);
  SIZE(DDSInfo);
  FIELD(DDSInfo, major);
  FIELD(DDSInfo, minor);
  FIELD(DDSInfo, patch);
  FIELD(DDSInfo, versionString);
  FIELD(DDSInfo, system);
  FIELD(DDSInfo, numBits);
  FIELD(DDSInfo, compiler);
  FIELD(DDSInfo, constructor);
  FIELD(DDSInfo, numCores);
  FIELD(DDSInfo, threading);
  FIELD(DDSInfo, noOfThreads);
  FIELD(DDSInfo, threadSizes);
  FIELD(DDSInfo, systemString);
  CONST(DDS_VERSION);
  CONST(DDS_HANDS);
  CONST(DDS_SUITS);
  CONST(DDS_STRAINS);
  CONST(MAXNOOFBOARDS);
  CONST(MAXNOOFTABLES);
  CONST(RETURN_NO_FAULT);
  CONST(RETURN_UNKNOWN_FAULT);
  CONST(RETURN_ZERO_CARDS);
  CONST(RETURN_TARGET_TOO_HIGH);
  CONST(RETURN_DUPLICATE_CARDS);
  CONST(RETURN_TARGET_WRONG_LO);
  CONST(RETURN_TARGET_WRONG_HI);
  CONST(RETURN_SOLNS_WRONG_LO);
  CONST(RETURN_SOLNS_WRONG_HI);
  CONST(RETURN_TOO_MANY_CARDS);
  CONST(RETURN_SUIT_OR_RANK);
  CONST(RETURN_PLAYED_CARD);
  CONST(RETURN_CARD_COUNT);
  CONST(RETURN_THREAD_INDEX);
  CONST(RETURN_MODE_WRONG_LO);
  CONST(RETURN_MODE_WRONG_HI);
  CONST(RETURN_TRUMP_WRONG);
  CONST(RETURN_FIRST_WRONG);
  CONST(RETURN_PLAY_FAULT);
  CONST(RETURN_PBN_FAULT);
  CONST(RETURN_TOO_MANY_BOARDS);
  CONST(RETURN_THREAD_CREATE);
  CONST(RETURN_THREAD_WAIT);
  CONST(RETURN_THREAD_MISSING);
  CONST(RETURN_NO_SUIT);
  CONST(RETURN_TOO_MANY_TABLES);
  CONST(RETURN_CHUNK_SIZE);
  return 0;
}
