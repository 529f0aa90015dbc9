"""Primiera in Italian and German, for its GameInfo.translations: D-PA decisions by number, the
catalogue's texts by their keys (GameInfo.catalogue_texts)."""

from __future__ import annotations

from ..protocol import Translation

DECISIONS_IT: dict[str, str] = {
    "D-PA1": "I valori della primiera sono stampati solo sulle carte: Primi usa la tabella tradizionale (7=21, 6=18, asso=16, 5=15, 4=14, 3=13, 2=12, fante/cavallo/re=10), che dà i totali 62 e 75 del libro.",
    "D-PA2": "Solo un Araldo calato in un turno decide le squadre, che prenda o no; gli Araldi tra le quattro carte segrete della tavola non contano.",
    "D-PA3": "Se in un giro non viene calato nessun Araldo (sono andati tutti e quattro in tavola), ognuno gioca da solo, come con l'Araldo di spade, e i punti base raddoppiano.",
    "D-PA4": "Con tre o quattro squadre, il punto per più carte o più denari va solo a chi da solo ne ha di più; una parità in testa non dà il punto a nessuno.",
    "D-PA5": "Una squadra a cui manca un seme non può vincere la primiera; se nessuna squadra ha tutti e quattro i semi, il punto non va a nessuno.",
    "D-PA6": "Una parità per la primiera migliore non dà il punto a nessuno.",
    "D-PA7": "In un giro di Kaleidos giocato ognuno da solo raddoppiano solo carte, denari, settebello e primiera; ogni scopa vale sempre 1 punto. Nelle altre modalità non raddoppia niente.",
    "D-PA8": "Chi cala l'ultima carta del giro non fa mai scopa; in 2 e 3 giocatori una scopa con l'ultima carta di una distribuzione precedente vale.",
    "D-PA9": "Se in un giro nessuno ha preso niente, le carte rimaste in tavola non vanno a nessuno.",
    "D-PA10": "2 e 3 giocatori: il primo mazziere è a caso e il mazzo passa a destra; in 2 comincia chi non distribuisce, in 3 chi è alla destra del mazziere; lo stesso mazziere fa le distribuzioni successive.",
    "D-PA11": "Il traguardo è 21 nel gioco con gli Araldi e 11 nel classico, in 2 e in 3 giocatori.",
    "D-PA12": "Kaleidos: se due o più giocatori arrivano a 21 nello stesso giro, si gioca un giro in più e poi vince il totale più alto (a parità si rigioca). Altre modalità: vince il totale più alto da 11 in su; a parità tra squadre si gioca un altro giro.",
    "D-PA13": "Un Araldo mantiene seme e valore: l'asso di denari è un denaro e vale 16 nella primiera.",
    "D-PA14": "Le carte si distribuiscono e si giocano in senso antiorario dalla destra del mazziere, quindi il gioco passa a destra e il vicino di sinistra è il giocatore prima di te.",
    "P-PA1": "Lettura di Primi: con un limite di giri, la partita finisce dopo quel giro e i totali più alti si dividono la vittoria.",
}

TEXT_IT: dict[str, str] = {
    "primiera.label": "Primiera",
    "primiera.summary": "La Scopa di Kaleidos: prendi per valore o per somma, fai scopa; il primo Araldo calato sceglie i compagni.",
    "primiera.variant.kaleidos.label": "Kaleidos (4 giocatori, Araldi)",
    "primiera.option.target.label": "Punteggio da raggiungere",
    "primiera.option.target.help": "Punti per vincere. 0: nessun traguardo; la partita finisce allora al limite di giri.",
    "primiera.option.max_rounds.label": "Limite di giri",
    "primiera.option.max_rounds.help": "Il numero massimo di giri (0: nessun limite); dopo l'ultimo vince il totale più alto, e a parità la vittoria è condivisa (P-PA1).",
    "primiera.variant.kaleidos.summary": "Il primo Araldo calato decide le squadre; nei giri da soli i punti base raddoppiano; a 21.",
    "primiera.variant.classic.label": "Classica (4 giocatori, a coppie)",
    "primiera.variant.classic.summary": "Coppie fisse sedute di fronte; si distribuisce 3-2-3-2-3; a 11.",
    "primiera.variant.2p.label": "Due giocatori",
    "primiera.variant.2p.summary": "4 in tavola, 3 a testa, di nuovo ogni volta che entrambe le mani sono vuote; a 11.",
    "primiera.variant.3p.label": "Tre giocatori",
    "primiera.variant.3p.summary": "4 in tavola, 6 a testa, date due volte; a 11.",
}

DECISIONS_DE: dict[str, str] = {
    "D-PA1": "Die Primiera-Werte stehen nur auf den Karten: Primi nimmt die traditionelle Tabelle (7=21, 6=18, Ass=16, 5=15, 4=14, 3=13, 2=12, Bube/Reiter/König=10), die die Summen 62 und 75 des Buchs ergibt.",
    "D-PA2": "Nur ein in einem Zug ausgespielter Herold legt die Parteien fest, ob er sticht oder nicht; Herolde unter den vier geheimen Tischkarten zählen nicht.",
    "D-PA3": "Wird in einer Runde kein Herold ausgespielt (alle vier kamen auf den Tisch), spielt jeder allein, wie beim Herold der Schwerter, und die Grundpunkte zählen doppelt.",
    "D-PA4": "Bei drei oder vier Parteien geht der Punkt für die meisten Karten oder Münzen nur an den alleinigen Besten; ein Gleichstand an der Spitze gibt niemandem den Punkt.",
    "D-PA5": "Eine Partei, der eine Farbe fehlt, kann die Primiera nicht gewinnen; hat keine Partei alle vier Farben, bekommt niemand den Punkt.",
    "D-PA6": "Ein Gleichstand bei der besten Primiera gibt niemandem den Punkt.",
    "D-PA7": "In einer Kaleidos-Runde, in der jeder allein spielt, zählen nur Karten, Münzen, Settebello und Primiera doppelt; jede Scopa bleibt 1 Punkt. In den anderen Spielarten zählt nichts doppelt.",
    "D-PA8": "Wer die letzte Karte der Runde ausspielt, macht nie eine Scopa; zu zweit und zu dritt zählt eine Scopa mit der letzten Karte einer früheren Austeilung.",
    "D-PA9": "Hat in einer Runde niemand etwas gestochen, gehen die auf dem Tisch liegenden Karten an niemanden.",
    "D-PA10": "2 und 3 Spieler: der erste Geber wird ausgelost und das Geben wandert nach rechts; zu zweit spielt der Nicht-Geber aus, zu dritt der Spieler rechts vom Geber; derselbe Geber teilt auch die weiteren Karten aus.",
    "D-PA11": "Das Ziel ist 21 im Herold-Spiel und 11 im klassischen Spiel, zu zweit und zu dritt.",
    "D-PA12": "Kaleidos: erreichen zwei oder mehr Spieler in derselben Runde 21, wird eine Extrarunde gespielt, danach gewinnt die höchste Summe (bei Gleichstand wird weitergespielt). Andere Spielarten: die höchste Summe ab 11 gewinnt; bei Gleichstand zwischen Parteien wird noch eine Runde gespielt.",
    "D-PA13": "Ein Herold behält Farbe und Wert: das Münzen-Ass ist eine Münze und zählt 16 in der Primiera.",
    "D-PA14": "Ausgeteilt und gespielt wird gegen den Uhrzeigersinn ab dem Spieler rechts vom Geber, das Spiel geht also nach rechts, und dein linker Nachbar ist der Spieler vor dir.",
    "P-PA1": "Primis Lesart: mit einem Rundenlimit endet die Partie nach dieser Runde, und die höchsten Summen teilen sich den Sieg.",
}

TEXT_DE: dict[str, str] = {
    "primiera.label": "Primiera",
    "primiera.summary": "Die Scopa von Kaleidos: stechen nach Rang oder Summe, den Tisch abräumen; der erste ausgespielte Herold bestimmt die Partner.",
    "primiera.variant.kaleidos.label": "Kaleidos (4 Spieler, Herolde)",
    "primiera.option.target.label": "Zielpunktzahl",
    "primiera.option.target.help": "Punkte zum Sieg. 0: kein Ziel; die Partie endet dann beim Rundenlimit.",
    "primiera.option.max_rounds.label": "Rundenlimit",
    "primiera.option.max_rounds.help": "Die meisten Runden, die gespielt werden (0: kein Limit); nach der letzten gewinnt die höchste Summe, bei Gleichstand wird der Sieg geteilt (P-PA1).",
    "primiera.variant.kaleidos.summary": "Der erste ausgespielte Herold legt die Parteien fest; in Runden ohne Partner zählen die Grundpunkte doppelt; bis 21.",
    "primiera.variant.classic.label": "Klassisch (4 Spieler, Partner)",
    "primiera.variant.classic.summary": "Feste Partner, die sich gegenübersitzen; ausgeteilt 3-2-3-2-3; bis 11.",
    "primiera.variant.2p.label": "Zwei Spieler",
    "primiera.variant.2p.summary": "4 auf den Tisch, 3 für jeden, neu ausgeteilt, sobald beide Hände leer sind; bis 11.",
    "primiera.variant.3p.label": "Drei Spieler",
    "primiera.variant.3p.summary": "4 auf den Tisch, 6 für jeden, zweimal ausgeteilt; bis 11.",
}

TRANSLATIONS: dict[str, Translation] = {
    "it": Translation(DECISIONS_IT, TEXT_IT),
    "de": Translation(DECISIONS_DE, TEXT_DE),
}
