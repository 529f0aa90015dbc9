"""Primo's words in Italian and German (GameInfo.translations): the D-PO decisions, then its catalogue keys."""

from __future__ import annotations

from ..protocol import Translation

DECISIONS_IT: dict[str, str] = {
    "D-PO1": "Il libro non dice come si dividono le 10 carte speciali di Primo: di solito 5 Top e 5 Prendi; la divisione è un'opzione.",
    "D-PO2": "Il libro non dice mai quanti colori ci sono: due, giallo e blu, ciascuno con quattro copie dall'1 al 13.",
    "D-PO3": "Primo si gioca da 2 a 6. In 5, chi comincia e i due successivi in senso orario ricevono una carta in più.",
    "D-PO4": "La testa di una fila è la sua carta posata per prima, la più alta, e la coda è l'estremità più bassa e accessibile: le carte vanno sotto la coda, una carta Prendi prende la testa, e una carta Top permette di aggiungere sopra la testa.",
    "D-PO5": "Le file scendono esattamente di 1 a ogni carta, senza buchi, mai sopra il 13 né sotto l'1.",
    "D-PO6": "Qualsiasi sequenza di coda (da una carta qualsiasi di una fila fino alla coda) può spostarsi su un'altra fila non vuota la cui coda è più alta di uno; una sequenza non apre mai una base vuota.",
    "D-PO7": "Una carta Top permette di aggiungere carte numerate della mano sopra la testa di una fila, quante ne stanno, solo in questo turno; in un turno si possono giocare più carte Top, e una seconda sulla stessa fila è ammessa (non aggiunge nulla, ma te ne liberi, e questo può farti chiudere); mai su una fila vuota.",
    "D-PO8": "Una carta Prendi va sulla fila A (poi si visitano le file dalla A alla F) o sulla fila F (dalla F alla A); ogni altro giocatore a turno, in senso orario, prende la testa della fila successiva non vuota; quando le file finiscono, gli altri non prendono niente.",
    "D-PO9": "Chi deve prendere una carta ma non ha mazzetto la usa per aprire una base vuota; se non ce n'è, la carta diventa il suo mazzetto di una carta.",
    "D-PO10": "Il tuo turno finisce nel momento in cui la mano è vuota (le carte speciali contano); le carte che peschi allora aspettano il tuo turno successivo.",
    "D-PO11": "Un turno di soli spostamenti è ammesso; cambiare zero carte è passare; cambiare con il mazzetto vuoto ti restituisce le stesse carte.",
    "D-PO12": "Una fila completa viene tolta dopo ogni carta posata, e puoi riusarne la base nello stesso turno.",
    "D-PO13": "Un giro finisce quando passano tre cicli interi di turni senza carte giocate (la decisione ne dice uno; Primi ne aspetta tre perché i giocatori possano prima cambiare più carte del mazzetto), e si conta allora sulle carte rimaste; un turno finisce da solo dopo 40 azioni.",
    "D-PO14": "Più giri: ogni giro dà 3 a chi lo chiude, meno 1 per ogni carta ancora in mano o nel mazzetto; vince il totale più alto, a parità si divide; chi vince il giro comincia il successivo.",
    "D-PO15": "Varianti dei colori: la regola dei colori vale a ogni giunzione, quando si aggiunge, si sposta una sequenza e si aggiunge sopra una carta Top; aprire una fila è libero, e una fila si toglie solo se rispetta la regola.",
    "X-PO1": "Il libro dice che Svenja non può giocare i suoi 12 e 13; invece può (sposta la fila A sulla fila E, apre la A con un 13 e aggiunge un 12). Il suo cambio resta comunque valido.",
    "P-PO1": "Lettura di Primi: chi prende senza mazzetto apre la prima base vuota contando dalla fila della carta Prendi nella sua direzione (può essere la fila da cui la carta è appena stata presa).",
    "P-PO2": "Lettura di Primi: dopo un giro bloccato, comincia il giro successivo il giocatore con meno carte rimaste (il primo di loro in senso orario da chi aveva cominciato il giro).",
    "P-PO3": "Lettura di Primi: un turno di gioco finisce con Fine turno, o da solo quando la mano è vuota; cambiare (o passare) è possibile solo come prima azione del turno.",
}

TEXT_IT: dict[str, str] = {
    "primo.label": "Primo",
    "primo.summary": "Liberati delle carte su sei file che scendono dal 13 all'1; sposta le sequenze di coda, togli le file complete.",
    "primo.variant.base.label": "Gioco base",
    "primo.option.tops.label": "Carte Top",
    "primo.option.tops.help": "Quante delle 10 carte speciali sono carte Top; le altre sono carte Prendi (D-PO1).",
    "primo.variant.base.summary": "Un solo giro: vince il primo che resta senza carte; i colori non contano.",
    "primo.variant.rounds.label": "Più giri",
    "primo.option.rounds.label": "Giri",
    "primo.option.rounds.help": "Giri da giocare. Chi chiude un giro prende 3, e ogni giocatore perde 1 per ogni carta rimasta in mano (D-PO14).",
    "primo.variant.rounds.summary": "Giri a punti: -1 per ogni carta rimasta, +3 a chi chiude il giro; vince il totale migliore.",
    "primo.variant.alternate.label": "Colori alternati",
    "primo.variant.alternate.summary": "Variante dei colori: lungo una fila i colori devono alternarsi.",
    "primo.variant.mono.label": "File di un solo colore",
    "primo.variant.mono.summary": "Variante dei colori: ogni fila è di un solo colore.",
}

DECISIONS_DE: dict[str, str] = {
    "D-PO1": "Das Buch teilt die 10 Sonderkarten von Primo nicht auf: als Voreinstellung 5 Top- und 5 Nimm-Karten; die Aufteilung ist eine Option.",
    "D-PO2": "Das Buch sagt nie, wie viele Farben es gibt: zwei, Gelb und Blau, jede mit vier Exemplaren von 1 bis 13.",
    "D-PO3": "Primo ist für 2 bis 6 Spieler. Zu fünft bekommen der Startspieler und die zwei nächsten im Uhrzeigersinn eine Karte mehr.",
    "D-PO4": "Der Kopf einer Reihe ist ihre zuerst gelegte, höchste Karte und das Ende die niedrigste, zugängliche Stelle: Karten kommen unter das Ende, eine Nimm-Karte nimmt den Kopf, und eine Top-Karte erlaubt, über den Kopf anzulegen.",
    "D-PO5": "Reihen fallen mit jeder Karte um genau 1, ohne Lücken, nie über 13 oder unter 1.",
    "D-PO6": "Jede Folge vom Ende (von einer beliebigen Karte einer Reihe bis zu ihrem Ende) darf auf eine andere, nicht leere Reihe verschoben werden, deren Ende um eins höher ist; eine Folge eröffnet nie einen leeren Platz.",
    "D-PO7": "Eine Top-Karte erlaubt, Zahlenkarten aus der Hand über den Kopf einer Reihe anzulegen, so viele passen, nur in diesem Zug; in einem Zug dürfen mehrere Top-Karten gespielt werden, auch eine zweite auf dieselbe Reihe (sie bewirkt nichts Neues, aber du wirst sie los, und das kann dich rausbringen); nie auf eine leere Reihe.",
    "D-PO8": "Eine Nimm-Karte kommt auf Reihe A (dann werden die Reihen von A nach F besucht) oder Reihe F (von F nach A); jeder andere Spieler nimmt reihum im Uhrzeigersinn den Kopf der nächsten nicht leeren Reihe; gehen die Reihen aus, nehmen die übrigen nichts.",
    "D-PO9": "Wer eine Karte nehmen muss, aber keinen Nachziehstapel hat, eröffnet damit einen leeren Platz; gibt es keinen, wird die Karte sein Stapel aus einer Karte.",
    "D-PO10": "Dein Zug endet in dem Moment, in dem deine Hand leer ist (Sonderkarten zählen mit); die Karten, die du dann ziehst, warten auf deinen nächsten Zug.",
    "D-PO11": "Ein Zug nur mit Verschieben ist erlaubt; keine Karte zu tauschen heißt passen; Tauschen mit leerem Nachziehstapel gibt dir dieselben Karten zurück.",
    "D-PO12": "Eine vollständige Reihe wird nach jedem Anlegen abgeräumt, und du darfst ihren Platz im selben Zug wieder nutzen.",
    "D-PO13": "Eine Runde endet, wenn drei volle Umläufe ohne ausgespielte Karte vergehen (die Entscheidung sagt einen; Primi wartet drei, damit die Spieler vorher mehr von ihrem Stapel durchtauschen können), und wird dann nach übrigen Karten gewertet; ein Zug endet von selbst nach 40 Aktionen.",
    "D-PO14": "Mehrere Runden: jede Runde bringt dem, der sie beendet, 3 Punkte, minus 1 für jede noch gehaltene Karte; die höchste Summe gewinnt, Gleichstand teilt; der Gewinner der Runde beginnt die nächste.",
    "D-PO15": "Farbvarianten: die Farbregel gilt an jeder Anlegestelle, beim Anlegen, beim Verschieben einer Folge und beim Anlegen über einer Top-Karte; das Eröffnen einer Reihe ist frei, und eine Reihe wird nur abgeräumt, wenn sie nach der Regel gültig ist.",
    "X-PO1": "Das Buch sagt, Svenja könne ihre 12er und 13er nicht ausspielen; sie kann es (Reihe A auf Reihe E verschieben, A mit einer 13 eröffnen und eine 12 anlegen). Ihr Tausch ist trotzdem erlaubt.",
    "P-PO1": "Primis Lesart: wer ohne Nachziehstapel nehmen muss, eröffnet den ersten leeren Platz, gezählt ab der Reihe der Nimm-Karte in ihrer Richtung (das kann die Reihe sein, aus der die Karte gerade genommen wurde).",
    "P-PO2": "Primis Lesart: nach einer festgefahrenen Runde beginnt der Spieler mit den wenigsten übrigen Karten die nächste (der erste von ihnen im Uhrzeigersinn ab dem Startspieler der Runde).",
    "P-PO3": "Primis Lesart: ein Spielzug endet mit Zug beenden, oder von selbst, wenn die Hand leer ist; Tauschen (oder Passen) geht nur als erste Aktion des Zuges.",
}

TEXT_DE: dict[str, str] = {
    "primo.label": "Primo",
    "primo.summary": "Lege deine Karten auf sechs Reihen ab, die von 13 bis 1 fallen; verschiebe Folgen vom Ende, räume volle Reihen ab.",
    "primo.variant.base.label": "Grundspiel",
    "primo.option.tops.label": "Top-Karten",
    "primo.option.tops.help": "Wie viele der 10 Sonderkarten Top-Karten sind; der Rest sind Nimm-Karten (D-PO1).",
    "primo.variant.base.summary": "Eine Runde: wer zuerst keine Karten mehr hat, gewinnt; Farben spielen keine Rolle.",
    "primo.variant.rounds.label": "Mehrere Runden",
    "primo.option.rounds.label": "Runden",
    "primo.option.rounds.help": "Zu spielende Runden. Wer eine Runde beendet, bekommt 3, und jeder verliert 1 pro Karte, die er noch in der Hand hält (D-PO14).",
    "primo.variant.rounds.summary": "Gewertete Runden: -1 pro übriger Karte, +3 für das Beenden der Runde; die beste Summe gewinnt.",
    "primo.variant.alternate.label": "Farben im Wechsel",
    "primo.variant.alternate.summary": "Farbvariante: entlang einer Reihe müssen die Farben wechseln.",
    "primo.variant.mono.label": "Einfarbige Reihen",
    "primo.variant.mono.summary": "Farbvariante: jede Reihe hat eine einzige Farbe.",
}

TRANSLATIONS: dict[str, Translation] = {
    "it": Translation(DECISIONS_IT, TEXT_IT),
    "de": Translation(DECISIONS_DE, TEXT_DE),
}
